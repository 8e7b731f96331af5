import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisputeImage } from '../api/disputes';
import { imageName } from '../dispute-images';
import { DisputeImageView } from './dispute-image-view';

interface ImageViewerDialogProps {
  disputeId: string;
  images: DisputeImage[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** A photo at full size with previous / next; Escape or Close closes it. */
export function ImageViewerDialog({
  disputeId,
  images,
  index,
  onIndexChange,
}: ImageViewerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const image = index === null ? undefined : images[index];
  const close = () => onIndexChange(null);
  const go = (step: number) => {
    if (index === null) return;
    onIndexChange((index + step + images.length) % images.length);
  };
  return (
    <Dialog
      open={image !== undefined}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        if (event.key === 'ArrowRight') go(1);
      }}
    >
      {image && index !== null && (
        <>
          <DialogTitle id={titleId}>
            {t('disputes.viewer.title', {
              number: String(index + 1),
              total: String(images.length),
            })}
          </DialogTitle>
          <DialogContent>
            <DisputeImageView
              key={image.sImageId}
              disputeId={disputeId}
              image={image}
              alt={t('disputes.detail.imageAlt', {
                number: String(index + 1),
                name: imageName(image, index),
              })}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
              {imageName(image, index)}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {images.length > 1 && (
              <Box sx={{ display: 'flex', gap: 1, mr: 'auto' }}>
                <IconButton aria-label={t('disputes.viewer.previous')} onClick={() => go(-1)}>
                  <ChevronLeftIcon />
                </IconButton>
                <IconButton aria-label={t('disputes.viewer.next')} onClick={() => go(1)}>
                  <ChevronRightIcon />
                </IconButton>
              </Box>
            )}
            <Button variant="contained" onClick={close}>
              {t('disputes.viewer.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
