import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import {
  applyServerFieldError,
  fieldErrorText,
  validationErrorMap,
} from '../../../lib/form-errors';
import type { Transaction, TransactionInvoice } from '../../../lib/finance/types';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useUpdateAttachedInvoiceMutation } from '../api/conversions-api';
import { editInvoiceSchema, type EditInvoiceForm } from '../edit-invoice-form';
import { AppDialog } from '../../../components/app-dialog';

const PurchaseDatePicker = lazy(async () => ({
  default: (await import('./purchase-date-picker')).PurchaseDatePicker,
}));

const resolver = zodResolver(editInvoiceSchema, { error: validationErrorMap });

const FIELDS = [
  'sInvoice',
  'dPurchaseDate',
  'dTotalAmount',
  'iCreditPeriod',
  'dRateProtection',
] as const;

interface EditInvoiceDialogProps {
  transaction: Transaction;
  entry: TransactionInvoice;
  onClose: () => void;
}

/** 'Editar factura' for an invoice attached to a conversion (PUT invoices/conversion). */
export function EditInvoiceDialog({ transaction, entry, onClose }: EditInvoiceDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const update = useUpdateAttachedInvoiceMutation();
  const { invoice } = entry;
  const { control, handleSubmit, setError } = useForm<EditInvoiceForm>({
    resolver,
    defaultValues: {
      sInvoice: invoice.sInvoice,
      dPurchaseDate: invoice.dPurchaseDate,
      dTotalAmount: String(invoice.dTotalAmount),
      iCreditPeriod: String(invoice.iCreditPeriod),
      dRateProtection: String(invoice.dRateProtection),
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await update.mutateAsync({
        sInvoiceId: invoice.sInvoiceId,
        sTransactionId: transaction.sTransactionId,
        exchangeRate: transaction.dExchangeRate,
        sPaymentRecipientId: invoice.sPaymentRecipientId,
        sInvoice: form.sInvoice.trim(),
        dPurchaseDate: form.dPurchaseDate,
        // Decimal strings checked by the schema: numbers with at most 2 (6) decimals.
        dTotalAmount: Number(form.dTotalAmount.trim()),
        iCreditPeriod: Number(form.iCreditPeriod.trim()),
        dRateProtection: Number(form.dRateProtection.trim()),
      });
      showSuccessToast(t('conversions.editInvoice.saved'));
      onClose();
    } catch (error) {
      if (!applyServerFieldError(error, FIELDS, setError)) showErrorToast(error);
    }
  });

  const supplierName = invoice.paymentsRecipent[0]?.sName ?? invoice.sName;
  const dateLabel = t('conversions.editInvoice.purchaseDate');

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={update.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('conversions.editInvoice.title')}</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormTextField
            control={control}
            name="sInvoice"
            label={t('conversions.editInvoice.name')}
            required
          />
          {/* The supplier of an assigned invoice cannot change (the server refuses it). */}
          <TextField
            label={t('conversions.editInvoice.supplier')}
            value={supplierName}
            required
            disabled
          />
          <Controller
            control={control}
            name="dPurchaseDate"
            render={({ field, fieldState }) => {
              const errorText = fieldErrorText(fieldState.error, t);
              return (
                <Suspense
                  fallback={<TextField label={dateLabel} value={field.value} disabled required />}
                >
                  <PurchaseDatePicker
                    label={dateLabel}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    language={language}
                    error={Boolean(errorText)}
                    helperText={errorText}
                    required
                  />
                </Suspense>
              );
            }}
          />
          <FormTextField
            control={control}
            name="dTotalAmount"
            label={t('conversions.editInvoice.total')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
          />
          <FormTextField
            control={control}
            name="iCreditPeriod"
            label={t('conversions.editInvoice.creditPeriod')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
          />
          <FormTextField
            control={control}
            name="dRateProtection"
            label={t('conversions.editInvoice.rateProtection')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            {t('finance.close')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('finance.save')}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
