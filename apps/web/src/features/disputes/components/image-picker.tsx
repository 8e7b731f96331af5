import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageRejection } from '../dispute-images';
import { checkPickedImages, IMAGE_ACCEPT, MAX_DISPUTE_IMAGES } from '../dispute-images';
import { useObjectUrl } from '../../../lib/use-object-url';
import { CornerIconButton } from '../../../components/corner-icon-button';

interface ImagePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** Photos the dispute already has (they count toward the 15). */
  existing?: number;
  disabled?: boolean;
  label?: string;
}

/**
 * Picks photos for a dispute: checked on the client as the server checks them (type,
 * 5 MB, 15 per dispute), with the refused ones explained and a preview of each chosen one.
 */
export function ImagePicker({ files, onChange, existing = 0, disabled, label }: ImagePickerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [rejected, setRejected] = useState<ImageRejection[]>([]);
  const full = existing + files.length >= MAX_DISPUTE_IMAGES;

  const pick = (list: FileList | null) => {
    if (!list) return;
    const result = checkPickedImages(Array.from(list), existing + files.length);
    setRejected(result.rejected);
    if (result.accepted.length > 0) onChange([...files, ...result.accepted]);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={disabled || full}
        >
          {label ?? t('disputes.images.choose')}
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            hidden
            aria-describedby={hintId}
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" id={hintId}>
          {t('disputes.detail.addImagesHint', { max: String(MAX_DISPUTE_IMAGES) })}{' '}
          {t('disputes.images.count', {
            shown: String(existing + files.length),
            max: String(MAX_DISPUTE_IMAGES),
          })}
        </Typography>
      </Box>
      {rejected.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {rejected.map((item) => (
            <Box key={`${item.name}-${item.reason}`}>
              {t(`disputes.images.${item.reason}`, {
                name: item.name,
                max: String(MAX_DISPUTE_IMAGES),
              })}
            </Box>
          ))}
        </Alert>
      )}
      {files.length > 0 && (
        <Box
          component="ul"
          aria-label={t('disputes.images.selected')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1.5,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
            gap: 1,
          }}
        >
          {files.map((file, index) => (
            <Box
              component="li"
              key={`${file.name}-${String(index)}`}
              sx={{ position: 'relative', minWidth: 0 }}
            >
              <LocalPreview file={file} />
              <Typography variant="caption" noWrap component="p" title={file.name}>
                {file.name}
              </Typography>
              <CornerIconButton
                label={t('disputes.images.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, position) => position !== index))}
                disabled={disabled}
              >
                <CloseIcon fontSize="small" />
              </CornerIconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A chosen file's own preview (an object URL, revoked when it goes). */
function LocalPreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return (
    <Box
      sx={{
        aspectRatio: '1',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {url && (
        <Box
          component="img"
          src={url}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}
