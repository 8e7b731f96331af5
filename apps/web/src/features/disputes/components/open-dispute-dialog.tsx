import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { showErrorToast, showSuccessToast, showToast } from '../../../lib/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/i18n';
import { openDispute, useDisputeCategoriesQuery, useInvalidateDisputes } from '../api/disputes';
import { formatDateTime } from '../../../components/format-instant';
import { uploadFailureText, useImageUpload } from '../use-image-upload';
import { UploadProgressLine } from './upload-progress-line';
import { ImagePicker } from './image-picker';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

const DESCRIPTION_MAX = 4000;

export interface OpenDisputeDialogProps {
  open: boolean;
  orderId: string;
  orderTrackingId: number;
  /** When the PACA window closes (ISO instant). */
  deadline: string | null;
  onClose: () => void;
  /** Called once the dispute exists, before going to /dispute/:id. */
  onOpened: () => void;
}

type Field = 'sCategory' | 'sSubcategory' | 'sDescription';

/**
 * 'Open a dispute' from the order detail: category and subcategory, a description and up
 * to 15 photos. POST disputes, then each photo on its own, then the dispute's page.
 */
export function OpenDisputeDialog(props: OpenDisputeDialogProps) {
  const { open, orderId, orderTrackingId, deadline, onClose, onOpened } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const categories = useDisputeCategoriesQuery(open);
  const invalidate = useInvalidateDisputes();
  const { upload, progress } = useImageUpload();
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const subcategories =
    categories.data?.find((entry) => entry.sKey === category)?.subcategories ?? [];

  const reset = () => {
    setCategory('');
    setSubcategory('');
    setDescription('');
    setFiles([]);
    setErrors({});
  };

  const cancel = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const required = t('disputes.open.required');
    const found: Partial<Record<Field, string>> = {};
    // The key as the server's list spells it (the select only offers those).
    const chosenCategory = categories.data?.find((entry) => entry.sKey === category)?.sKey;
    if (!chosenCategory) found.sCategory = required;
    if (!subcategory) found.sSubcategory = required;
    if (!description.trim()) found.sDescription = required;
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosenCategory) return;

    setBusy(true);
    try {
      const dispute = await openDispute({
        sOrderId: orderId,
        sCategory: chosenCategory,
        sSubcategory: subcategory,
        sDescription: description.trim(),
      });
      const result = await upload(dispute.sDisputeId, files);
      for (const failure of result.failures) {
        showToast(t('disputes.open.imageFailed', { message: uploadFailureText(failure, t) }), {
          variant: 'error',
        });
      }
      showSuccessToast(t('disputes.open.opened', { id: String(dispute.iTrackingId) }));
      void invalidate();
      onOpened();
      reset();
      onClose();
      void navigate(`/dispute/${dispute.sDisputeId}`);
    } catch (error) {
      if (isApiError(error) && isField(error.field)) {
        setErrors({ [error.field]: error.message });
      } else {
        showErrorToast(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={cancel}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>
        {t('disputes.open.title', { id: String(orderTrackingId) })}
      </DialogTitle>
      <DialogContent>
        {deadline && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('disputes.open.deadline', { deadline: formatDateTime(deadline, language) })}
          </Alert>
        )}
        <TextField
          select
          label={t('disputes.open.category')}
          value={categories.data ? category : ''}
          onChange={(event) => {
            setCategory(event.target.value);
            setSubcategory('');
            setErrors((current) => ({ ...current, sCategory: undefined }));
          }}
          error={Boolean(errors.sCategory)}
          helperText={errors.sCategory}
          disabled={busy || !categories.data}
          required
        >
          {(categories.data ?? []).map((entry) => (
            <MenuItem key={entry.sKey} value={entry.sKey}>
              {entry.sName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('disputes.open.subcategory')}
          value={subcategories.some((entry) => entry.sKey === subcategory) ? subcategory : ''}
          onChange={(event) => {
            setSubcategory(event.target.value);
            setErrors((current) => ({ ...current, sSubcategory: undefined }));
          }}
          error={Boolean(errors.sSubcategory)}
          helperText={errors.sSubcategory}
          disabled={busy || subcategories.length === 0}
          required
        >
          {subcategories.map((entry) => (
            <MenuItem key={entry.sKey} value={entry.sKey}>
              {entry.sName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('disputes.open.description')}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setErrors((current) => ({ ...current, sDescription: undefined }));
          }}
          error={Boolean(errors.sDescription)}
          helperText={errors.sDescription ?? t('disputes.open.descriptionHint')}
          multiline
          minRows={4}
          required
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        />
        <ImagePicker files={files} onChange={setFiles} disabled={busy} />
        <UploadProgressLine progress={progress} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={cancel} disabled={busy}>
          {t('disputes.open.cancel')}
        </Button>
        <BusyButton busy={busy} color="error" onClick={() => void submit()}>
          {t('disputes.open.submit')}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}

function isField(field: string | undefined): field is Field {
  return field === 'sCategory' || field === 'sSubcategory' || field === 'sDescription';
}
