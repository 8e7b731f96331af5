import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { BusyButton } from '../../../components/busy-button';
import { isApiError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { useSetVerified } from '../api/ops-money';
import type { OpsEnterprise } from '../api/operator';

/** The server keeps at most this many characters of a reason. */
const REASON_MAX = 500;

interface VerificationDialogProps {
  /** The company to verify (or whose verification to withdraw); open while it is set. */
  enterprise: OpsEnterprise | null;
  onClose: () => void;
}

/**
 * Verify a company, or withdraw its verification, with a reason (required; the grower reads
 * it and the audit log keeps it). A refusal, such as a grower with its PACA licence, tax id
 * or CLABE missing, is shown in the dialog with what is missing. Persistent: a form.
 */
export function VerificationDialog({ enterprise, onClose }: VerificationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const setVerified = useSetVerified();
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const verifying = enterprise ? !enterprise.bVerified : true;
  const name = enterprise?.sName ?? '';

  const close = () => {
    setReason('');
    setReasonMissing(false);
    setVerified.reset();
    onClose();
  };

  const submit = () => {
    if (!enterprise) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonMissing(true);
      return;
    }
    setVerified.mutate(
      { enterpriseId: enterprise.sEnterpriseId, verified: verifying, reason: trimmed },
      {
        onSuccess: () => {
          showSuccessToast(
            t(`operator.verification.${verifying ? 'verified' : 'withdrawn'}`, { name }),
          );
          close();
        },
      },
    );
  };

  const refusal = setVerified.error;
  return (
    <AppDialog
      open={enterprise !== null}
      onClose={close}
      busy={setVerified.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t(`operator.verification.${verifying ? 'verifyTitle' : 'withdrawTitle'}`, { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(`operator.verification.${verifying ? 'verifyIntro' : 'withdrawIntro'}`)}
        </DialogContentText>
        {refusal && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {isApiError(refusal) ? refusal.message : t('errors.unknown')}
          </Alert>
        )}
        <TextField
          label={t('operator.verification.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setReasonMissing(false);
          }}
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          error={reasonMissing}
          helperText={
            reasonMissing
              ? t('operator.verification.reasonRequired')
              : t('operator.verification.reasonHelp')
          }
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={setVerified.isPending}>
          {t('operator.verification.cancel')}
        </Button>
        <BusyButton
          busy={setVerified.isPending}
          onClick={submit}
          color={verifying ? 'primary' : 'error'}
        >
          {t(`operator.verification.${verifying ? 'verify' : 'withdraw'}`)}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
