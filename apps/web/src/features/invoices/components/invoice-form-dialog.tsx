import { MAX_INVOICE_TOTAL_CENTS, maskAccount, moneyToNumber } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { Control, FieldError } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Invoice, PaymentRecipient } from '../../../lib/finance/types';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useInvoiceMutations } from '../api/invoices';
import type { InvoiceField, InvoiceFormError, InvoiceFormValues } from '../invoice-math';
import {
  EMPTY_INVOICE,
  invoiceBody,
  invoiceFormSchema,
  invoiceFormValues,
  INVOICE_FIELDS,
} from '../invoice-math';
import { LazyDatePicker } from './lazy-date-picker';
import { useLastDefined } from './money-dialog';
import { FormDialogActions } from '../../../components/busy-button';
import { FormTextField } from '../../../components/form-text-field';
import { amountProblemText, type AmountProblem } from '../../../lib/amount-text';
import { formatMoney } from '../../../lib/format';
import { applyServerFieldError } from '../../../lib/form-errors';
import { PAIR_SX } from '../../../components/form-layout';
import { AppDialog } from '../../../components/app-dialog';

const resolver = zodResolver(invoiceFormSchema);

const ERROR_KEYS = {
  required: 'finance.required',
  rate: 'invoices.form.invalidRate',
  days: 'invoices.form.invalidDays',
  date: 'invoices.form.invalidDate',
} as const satisfies Record<Exclude<InvoiceFormError, `amount.${string}`>, string>;

/** A field's error in the interface language; the server's own words for its errors. */
function errorText(error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  if (error.message.startsWith('amount.')) {
    const maxText = formatMoney(moneyToNumber(MAX_INVOICE_TOTAL_CENTS));
    return amountProblemText(t, error.message.slice('amount.'.length) as AmountProblem, maxText);
  }
  const key = ERROR_KEYS[error.message as keyof typeof ERROR_KEYS] as string | undefined;
  return key ? t(key as (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS]) : error.message;
}

interface InvoiceFormDialogProps {
  /** 'create' for 'Agregar factura'; an invoice for 'Editar factura'; undefined: closed. */
  target: 'create' | Invoice | undefined;
  suppliers: PaymentRecipient[];
  onCancel: () => void;
  onSaved: () => void;
}

/** 'Agregar factura' and 'Editar factura': six required fields; nothing is sent while invalid. */
export function InvoiceFormDialog({
  target,
  suppliers,
  onCancel,
  onSaved,
}: InvoiceFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const open = target !== undefined;
  const shown = useLastDefined(target);
  const editing = shown !== undefined && shown !== 'create' ? shown : undefined;
  const { create, update } = useInvoiceMutations();
  const { control, handleSubmit, reset, setError } = useForm<InvoiceFormValues>({
    resolver,
    defaultValues: EMPTY_INVOICE,
  });

  useEffect(() => {
    if (target === 'create') reset(EMPTY_INVOICE);
    else if (target) reset(invoiceFormValues(target));
  }, [target, reset]);

  const busy = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const body = invoiceBody(values);
    try {
      if (target !== undefined && target !== 'create') {
        await update.mutateAsync({ ...body, sInvoiceId: target.sInvoiceId });
        showSuccessToast(t('invoices.form.updated'));
      } else {
        await create.mutateAsync(body);
        showSuccessToast(t('invoices.form.created'));
      }
      onSaved();
    } catch (error) {
      if (!applyServerFieldError(error, INVOICE_FIELDS, setError)) showErrorToast(error);
    }
  });

  // A supplier deleted since the invoice was made still shows on its own invoice.
  const options =
    editing && !suppliers.some((s) => s.sPaymentRecipientId === editing.sPaymentRecipientId)
      ? [
          ...suppliers,
          {
            sPaymentRecipientId: editing.sPaymentRecipientId,
            sName: editing.sName,
            sAccountNumber: editing.sAccountNumber,
          } as PaymentRecipient,
        ]
      : suppliers;

  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {editing ? t('invoices.form.editTitle') : t('invoices.form.addTitle')}
      </DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <InvoiceTextField
            control={control}
            name="sInvoice"
            label={t('invoices.form.invoiceName')}
          />
          <Controller
            control={control}
            name="sPaymentRecipientId"
            render={({ field, fieldState }) => {
              const message = errorText(fieldState.error, t);
              return (
                <Autocomplete
                  options={options}
                  value={options.find((s) => s.sPaymentRecipientId === field.value) ?? null}
                  onChange={(_event, supplier) =>
                    field.onChange(supplier?.sPaymentRecipientId ?? '')
                  }
                  onBlur={field.onBlur}
                  getOptionLabel={(supplier) =>
                    `${supplier.sName} ${maskAccount(supplier.sAccountNumber)}`
                  }
                  isOptionEqualToValue={(a, b) => a.sPaymentRecipientId === b.sPaymentRecipientId}
                  noOptionsText={t('invoices.form.noSuppliers')}
                  disabled={busy}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      name={field.name}
                      label={t('invoices.form.supplier')}
                      required
                      error={Boolean(message)}
                      helperText={message}
                    />
                  )}
                />
              );
            }}
          />
          <Controller
            control={control}
            name="dPurchaseDate"
            render={({ field, fieldState }) => {
              const message = errorText(fieldState.error, t);
              return (
                <LazyDatePicker
                  label={t('invoices.form.purchaseDate')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  required
                  error={Boolean(message)}
                  helperText={message}
                  disabled={busy}
                />
              );
            }}
          />
          <Box sx={PAIR_SX}>
            <InvoiceTextField
              control={control}
              name="dTotalAmount"
              label={t('invoices.form.totalMxn')}
              inputMode="decimal"
              adornment="$"
              disabled={busy}
            />
            <InvoiceTextField
              control={control}
              name="iCreditPeriod"
              label={t('invoices.form.creditPeriod')}
              inputMode="numeric"
              disabled={busy}
            />
          </Box>
          <InvoiceTextField
            control={control}
            name="dRateProtection"
            label={t('invoices.form.rateProtection')}
            inputMode="decimal"
            adornment="$"
            disabled={busy}
          />
        </DialogContent>
        <FormDialogActions
          busy={busy}
          cancelLabel={t('finance.close')}
          submitLabel={t('finance.save')}
          onCancel={onCancel}
        />
      </form>
    </AppDialog>
  );
}

/** A required field of the invoice form, with the invoice's own wording of its errors. */
function InvoiceTextField({
  inputMode,
  adornment,
  ...props
}: {
  control: Control<InvoiceFormValues>;
  name: Exclude<InvoiceField, 'sPaymentRecipientId' | 'dPurchaseDate'>;
  label: string;
  inputMode?: 'decimal' | 'numeric';
  adornment?: string;
  disabled?: boolean;
}) {
  return (
    <FormTextField
      {...props}
      required
      errorTextOf={errorText}
      slotProps={{
        htmlInput: inputMode ? { inputMode } : undefined,
        input: adornment
          ? { startAdornment: <InputAdornment position="start">{adornment}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
