import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../use-image-upload';

/** "Uploading image 2 of 5…", announced while the photos go up one by one. */
export function UploadProgressLine({ progress }: { progress: UploadProgress | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  return (
    <Typography role="status" sx={{ mt: 1.5 }}>
      {t('disputes.detail.uploading', {
        current: String(progress.current),
        total: String(progress.total),
      })}
    </Typography>
  );
}
