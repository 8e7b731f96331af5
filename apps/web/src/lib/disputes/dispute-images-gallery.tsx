import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewerDialog } from '../../components/image-viewer-dialog';
import { imageName, type DisputeImage } from './dispute-photos';
import { DisputeImageView } from './dispute-image-view';

/** The dispute's photos as thumbnails (fetched with the bearer token); each opens the viewer. */
export function DisputeImagesGallery({
  disputeId,
  images,
}: {
  disputeId: string;
  images: DisputeImage[];
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) {
    return <Typography color="text.secondary">{t('disputes.detail.noImages')}</Typography>;
  }
  return (
    <>
      <Box
        component="ul"
        data-testid="dispute-images"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          gap: 1.5,
        }}
      >
        {images.map((image, index) => (
          <Box component="li" key={image.sImageId}>
            <ButtonBase
              onClick={() => setViewing(index)}
              aria-label={t('disputes.detail.openImage', {
                number: String(index + 1),
                name: imageName(image, index),
              })}
              sx={{
                display: 'block',
                width: '100%',
                borderRadius: 1,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                '&:focus-visible': { outline: 3, outlineColor: 'primary.main' },
              }}
            >
              <DisputeImageView disputeId={disputeId} image={image} alt="" square />
            </ButtonBase>
            {image.sUploadedBy === 'vendor' && (
              <Typography variant="caption" color="text.secondary" component="p">
                {t('disputes.detail.growerPhoto')}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <ImageViewerDialog
        count={images.length}
        index={viewing}
        onIndexChange={setViewing}
        renderImage={(index) => {
          const image = images[index]!;
          return (
            <DisputeImageView
              key={image.sImageId}
              disputeId={disputeId}
              image={image}
              alt={t('disputes.detail.imageAlt', {
                number: String(index + 1),
                name: imageName(image, index),
              })}
            />
          );
        }}
        caption={(index) => imageName(images[index]!, index)}
        texts={{
          title: (number, total) =>
            t('disputes.viewer.title', { number: String(number), total: String(total) }),
          previous: t('disputes.viewer.previous'),
          next: t('disputes.viewer.next'),
          close: t('disputes.viewer.close'),
        }}
      />
    </>
  );
}
