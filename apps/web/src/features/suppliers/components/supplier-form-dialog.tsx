import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import type { Control } from 'react-hook-form';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import type { PaymentRecipient } from '../../../lib/finance/types';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSupplierMutations } from '../api/suppliers';
import type { SupplierField, SupplierFormValues } from '../supplier-form';
import {
  EMPTY_SUPPLIER,
  isSupplierField,
  SERVER_FIELD_MESSAGES,
  supplierBody,
  supplierFormSchema,
  supplierFormValues,
} from '../supplier-form';

const resolver = zodResolver(supplierFormSchema);

const SUPPLIER_DIALOG_PAPER = { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } };

interface SupplierFormDialogProps {
  open: boolean;
  /** The supplier being edited; none to create one. */
  supplier: PaymentRecipient | undefined;
  onClose: () => void;
}

/** 'Agregar proveedor' / 'Editar proveedor': persistent, 600 px, five required fields. */
export function SupplierFormDialog({ open, supplier, onClose }: SupplierFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { create, update } = useSupplierMutations();
  const { control, handleSubmit, reset, setError } = useForm<SupplierFormValues>({
    resolver,
    defaultValues: EMPTY_SUPPLIER,
  });

  useEffect(() => {
    if (open) reset(supplier ? supplierFormValues(supplier) : EMPTY_SUPPLIER);
  }, [open, supplier, reset]);

  const busy = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const body = supplierBody(values);
    try {
      if (supplier) {
        await update.mutateAsync({ ...body, sPaymentRecipientId: supplier.sPaymentRecipientId });
        showSuccessToast(t('suppliers.form.updated'));
      } else {
        await create.mutateAsync(body);
        showSuccessToast(t('suppliers.form.created'));
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && isSupplierField(error.field)) {
        const key = SERVER_FIELD_MESSAGES[error.field as keyof typeof SERVER_FIELD_MESSAGES];
        setError(
          error.field,
          { type: 'server', message: key ? t(key) : error.message },
          { shouldFocus: true },
        );
      } else {
        showErrorToast(error);
      }
    }
  });

  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: SUPPLIER_DIALOG_PAPER }}
    >
      <DialogTitle id={titleId}>
        {supplier ? t('suppliers.form.editTitle') : t('suppliers.form.addTitle')}
      </DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <SupplierTextField
            control={control}
            name="sName"
            label={t('suppliers.form.name')}
            autoComplete="organization"
          />
          <SupplierTextField
            control={control}
            name="sEmail"
            label={t('suppliers.form.email')}
            type="email"
            autoComplete="email"
          />
          <SupplierTextField
            control={control}
            name="sBankName"
            label={t('suppliers.form.bankName')}
          />
          <SupplierTextField
            control={control}
            name="sAccountNumber"
            label={t('suppliers.form.clabe')}
            hint={t('suppliers.form.clabeHint')}
            inputMode="numeric"
          />
          <SupplierTextField control={control} name="sTaxId" label={t('suppliers.form.taxId')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('finance.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('finance.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SupplierTextField(props: {
  control: Control<SupplierFormValues>;
  name: SupplierField;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = fieldState.error;
  const errorText =
    error?.type === 'server' ? error.message : error ? t('finance.required') : undefined;
  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={props.label}
      type={props.type}
      autoComplete={props.autoComplete}
      required
      error={Boolean(errorText)}
      helperText={errorText ?? props.hint}
      slotProps={props.inputMode ? { htmlInput: { inputMode: props.inputMode } } : undefined}
    />
  );
}
