import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateDisputes } from '../api/disputes';
import { uploadFailureText, useImageUpload } from '../use-image-upload';
import { UploadProgressLine } from './upload-progress-line';
import { ImagePicker } from './image-picker';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

/**
 * A party adds photos to a dispute in process (up to 15 in all), one request each: the
 * buyer its evidence, the grower photos with its answer.
 */
export function AddImagesForm({
  disputeId,
  existing,
  side = 'buyer',
}: {
  disputeId: string;
  existing: number;
  side?: 'buyer' | 'vendor';
}) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const invalidate = useInvalidateDisputes();
  const { upload, progress } = useImageUpload(side);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const result = await upload(disputeId, files);
      for (const failure of result.failures) {
        showToast(uploadFailureText(failure, t), { variant: 'error' });
      }
      if (result.uploaded > 0) {
        showSuccessToast(t('disputes.detail.uploaded', { count: result.uploaded }));
      }
      setFiles([]);
      await invalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2.5 }} data-testid="add-images">
      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {t('disputes.detail.addImages')}
      </Typography>
      <ImagePicker files={files} onChange={setFiles} existing={existing} disabled={busy} />
      <UploadProgressLine progress={progress} />
      {files.length > 0 && (
        <WithReason reason={writeBlocked}>
          <Button
            variant="contained"
            sx={{ mt: 1.5 }}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CloudUploadIcon />}
            disabled={busy}
            onClick={() => void submit()}
          >
            {t('disputes.detail.addImages')}
          </Button>
        </WithReason>
      )}
    </Box>
  );
}
