import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../use-object-url';
import { useDisputeImageQuery, type DisputeImage } from './dispute-photos';

/** One photo, read as a blob through the API and shown from an object URL. */
export function DisputeImageView({
  disputeId,
  image,
  alt,
  square = false,
}: {
  disputeId: string;
  image: DisputeImage;
  alt: string;
  square?: boolean;
}) {
  const { t } = useTranslation();
  const query = useDisputeImageQuery(disputeId, image.sImageId);
  const url = useObjectUrl(query.data);
  const frame = square ? { aspectRatio: '1', width: '100%' } : { width: '100%', minHeight: 200 };
  if (query.isError) {
    return (
      <Box
        role="img"
        aria-label={t('disputes.detail.imageFailed')}
        sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
      >
        <BrokenImageIcon color="disabled" />
      </Box>
    );
  }
  if (!url) return <Skeleton variant="rectangular" sx={frame} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      data-testid="dispute-image"
      sx={
        square
          ? { ...frame, objectFit: 'cover', display: 'block' }
          : { maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }
      }
    />
  );
}
