import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { BusyButton } from '../../../components/busy-button';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { showErrorToast, showSuccessToast, showToast } from '../../../lib/toast';
import { simulateIncomingSpei, type OpsEnterprise } from '../api/operator';

/** Pesos with at most 2 decimals, more than zero. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Demo: an incoming SPEI to the enterprise's own CLABE, sent by the server's local STP
 * counterpart through the same notice a real STP sends (credited once, to MXN).
 */
export function SimulateSpeiDialog({
  enterprise,
  onClose,
  onReload,
}: {
  enterprise: OpsEnterprise | null;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = useMutation({
    mutationFn: (value: string) => {
      if (!enterprise) throw new Error('No enterprise');
      return simulateIncomingSpei({ sEnterpriseId: enterprise.sEnterpriseId, dAmount: value });
    },
    meta: { errorToast: false },
    onSuccess: (answer) => {
      const values = {
        amount: formatMoney(answer.dAmount),
        name: enterprise?.sName ?? '',
        clabe: answer.sClabe,
      };
      if (answer.bCredited) showSuccessToast(t('operator.spei.sent', values));
      else showToast(t('operator.spei.notCredited', values), { variant: 'warning' });
      close();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'NOT_FOUND' && !failure.field) {
        showToast(t('operator.spei.unavailable'), { variant: 'info' });
        return;
      }
      showErrorToast(failure);
    },
  });

  function close() {
    setAmount('');
    setError(undefined);
    send.reset();
    onReload();
    onClose();
  }

  function submit() {
    const value = amount.trim().replaceAll(',', '');
    if (!AMOUNT.test(value) || Number(value) === 0) {
      setError(t('operator.spei.amountInvalid'));
      return;
    }
    send.mutate(value);
  }

  return (
    <AppDialog
      open={enterprise !== null}
      onClose={close}
      busy={send.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('operator.spei.title', { name: enterprise?.sName ?? '' })}
      </DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('operator.spei.intro')}</DialogContentText>
          <TextField
            label={t('operator.spei.amount')}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(undefined);
            }}
            required
            autoFocus
            fullWidth
            error={Boolean(error)}
            helperText={error ?? t('operator.spei.amountHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={send.isPending}>
            {t('finance.cancel')}
          </Button>
          <BusyButton busy={send.isPending} type="submit">
            {t('operator.spei.send')}
          </BusyButton>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}
