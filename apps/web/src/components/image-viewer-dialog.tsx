import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { AppDialog } from './app-dialog';

/** The viewer's texts, in the caller's words and language. */
export interface ImageViewerTexts {
  /** The title of the image shown: "Photo 2 of 5". */
  title: (number: number, total: number) => string;
  previous: string;
  next: string;
  close: string;
}

interface ImageViewerDialogProps {
  /** How many images there are. */
  count: number;
  /** The image shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The image at `index`, at full size (give it a key of its own, so it remounts). */
  renderImage: (index: number) => ReactNode;
  /** The line under the image: its name. */
  caption: (index: number) => string;
  texts: ImageViewerTexts;
}

/**
 * Images at full size, one at a time, with previous / next (also the arrow keys) and a
 * close button; Escape closes it too.
 */
export function ImageViewerDialog({
  count,
  index,
  onIndexChange,
  renderImage,
  caption,
  texts,
}: ImageViewerDialogProps) {
  const titleId = useId();
  const shown = index !== null && index >= 0 && index < count ? index : null;
  const close = () => onIndexChange(null);
  const go = (step: number) => {
    if (shown === null) return;
    onIndexChange((shown + step + count) % count);
  };
  return (
    <AppDialog
      open={shown !== null}
      onClose={close}
      closeOnBackdropClick
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        if (event.key === 'ArrowRight') go(1);
      }}
    >
      {shown !== null && (
        <>
          <DialogTitle id={titleId}>{texts.title(shown + 1, count)}</DialogTitle>
          <DialogContent>
            {renderImage(shown)}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
              {caption(shown)}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {count > 1 && (
              <Box sx={{ display: 'flex', gap: 1, mr: 'auto' }}>
                <IconButton aria-label={texts.previous} onClick={() => go(-1)}>
                  <ChevronLeftIcon />
                </IconButton>
                <IconButton aria-label={texts.next} onClick={() => go(1)}>
                  <ChevronRightIcon />
                </IconButton>
              </Box>
            )}
            <Button variant="contained" onClick={close}>
              {texts.close}
            </Button>
          </DialogActions>
        </>
      )}
    </AppDialog>
  );
}
