import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { showErrorToast, showSuccessToast, showToast } from '../../../lib/toast';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { creditDeposit, type OpsEnterprise } from '../api/operator';
import {
  depositFormSchema,
  depositRequest,
  emptyDepositForm,
  type DepositFormError,
  type DepositFormValues,
} from '../deposit-form';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

interface CreditDepositDialogProps {
  /** The enterprise to credit; the dialog is open while it is set. */
  enterprise: OpsEnterprise | null;
  onClose: () => void;
  /** Reloads the balances (after a credit, and on cancel as every finance dialog does). */
  onReload: () => void;
}

const resolver = zodResolver(depositFormSchema);

function errorText(error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  const key = error.message as DepositFormError;
  return key === 'required' ? t('finance.required') : t(`operator.${key}`);
}

/**
 * 'Credit deposit': the amount and bank reference of a received wire, then a confirmation
 * step. Persistent (only its buttons close it). The bank reference makes the credit happen
 * once (the API takes no Idempotency-Key here: a second credit of it answers 200).
 */
export function CreditDepositDialog({ enterprise, onClose, onReload }: CreditDepositDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const form = useForm<DepositFormValues>({ resolver, defaultValues: emptyDepositForm });

  const credit = useMutation({
    mutationFn: (values: DepositFormValues) => {
      if (!enterprise) throw new Error('No enterprise');
      return creditDeposit(depositRequest(enterprise.sEnterpriseId, values));
    },
    meta: { errorToast: false },
    onSuccess: ({ created, deposit }) => {
      const name = enterprise?.sName ?? '';
      const amount = formatMoney(deposit.dAmount);
      if (created) {
        showSuccessToast(t('operator.credited', { amount, name }));
      } else {
        showToast(t('operator.alreadyCredited', { amount, name, reference: deposit.sReference }), {
          variant: 'info',
        });
      }
      close();
    },
    onError: (error) => {
      // The reference was credited before to another enterprise or with another amount
      // (409 on sReference): say so on that field, in words an operator can act on.
      if (isApiError(error) && error.field === 'sReference') {
        setStep('form');
        const message =
          error.code === 'INVALID_STATE' ? t('operator.referenceUsed') : error.message;
        form.setError('reference', { type: 'server', message });
        return;
      }
      showErrorToast(error);
    },
  });

  // Back on the form after a refused reference: focus that field once it is mounted again.
  const referenceRefused = step === 'form' && form.formState.errors.reference?.type === 'server';
  useEffect(() => {
    if (referenceRefused) form.setFocus('reference');
  }, [referenceRefused, form]);

  function close() {
    form.reset(emptyDepositForm);
    setStep('form');
    credit.reset();
    onReload();
    onClose();
  }

  const values = form.getValues();
  const busy = credit.isPending;

  return (
    <AppDialog
      open={enterprise !== null}
      onClose={close}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {step === 'form' ? t('operator.dialogTitle') : t('operator.confirmTitle')}
      </DialogTitle>
      {step === 'form' ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(() => setStep('confirm'))(event)}
        >
          <DialogContent sx={{ pt: 0 }}>
            <DialogContentText sx={{ mb: 2 }}>{t('operator.dialogIntro')}</DialogContentText>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
              }}
            >
              <dt>{t('operator.enterprise')}</dt>
              <dd data-testid="deposit-enterprise">{enterprise?.sName}</dd>
              <dt>{t('operator.currentBalance')}</dt>
              <dd>{enterprise ? `${formatMoney(enterprise.balances.balanceUsd)} USD` : ''}</dd>
            </Box>
            <Controller
              control={form.control}
              name="amount"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('operator.amount')}
                  required
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error, t) ?? t('operator.amountHelp')}
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="reference"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('operator.reference')}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error, t) ?? t('operator.referenceHelp')}
                  slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 64 } }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="reason"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('operator.reason')}
                  multiline
                  minRows={2}
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error, t) ?? t('operator.reasonHelp')}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('finance.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('finance.continue')}
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Alert severity="warning" icon={false} sx={{ mb: 1 }}>
              <Typography data-testid="deposit-confirm-text">
                {t('operator.confirmText', {
                  amount: formatMoney(depositRequest('', values).dAmount),
                  name: enterprise?.sName ?? '',
                  reference: values.reference.trim(),
                })}
              </Typography>
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setStep('form')} disabled={busy}>
              {t('finance.back')}
            </Button>
            <BusyButton busy={busy} onClick={() => credit.mutate(values)}>
              {t('operator.confirmButton')}
            </BusyButton>
          </DialogActions>
        </>
      )}
    </AppDialog>
  );
}
