import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import type { Control } from 'react-hook-form';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStepUpPrompt } from '../../../lib/use-step-up-prompt';
import { usePaymentRecipientsQuery } from '../../../lib/finance/queries';
import type { PaymentRecipient } from '../../../lib/finance/types';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { useSupplierMutations } from '../api/suppliers';
import type { SupplierField, SupplierFormValues } from '../supplier-form';
import {
  clabeBank,
  clabeUsedBy,
  EMPTY_SUPPLIER,
  SERVER_FIELD_MESSAGES,
  SUPPLIER_FIELDS,
  supplierBody,
  supplierErrorKey,
  supplierFormSchema,
  supplierFormValues,
} from '../supplier-form';
import { FormDialogActions } from '../../../components/busy-button';
import { applyServerFieldError } from '../../../lib/form-errors';
import { AppDialog } from '../../../components/app-dialog';

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
  const { withStepUp, prompt: stepUpPrompt } = useStepUpPrompt();
  const { control, handleSubmit, reset, setError, setValue, getValues } =
    useForm<SupplierFormValues>({
      resolver,
      defaultValues: EMPTY_SUPPLIER,
    });
  const recipients = usePaymentRecipientsQuery();
  const [clabe, bankName] = useWatch({ control, name: ['sAccountNumber', 'sBankName'] });
  const { bank, mismatch } = clabeBank(clabe, bankName);
  const usedBy = clabeUsedBy(clabe, recipients.data ?? [], supplier?.sPaymentRecipientId);
  // The bank name follows the CLABE's bank code while the user has not typed another.
  useEffect(() => {
    if (bank && getValues('sBankName').trim() === '') {
      setValue('sBankName', bank, { shouldValidate: false });
    }
  }, [bank, getValues, setValue]);

  useEffect(() => {
    if (open) reset(supplier ? supplierFormValues(supplier) : EMPTY_SUPPLIER);
  }, [open, supplier, reset]);

  const busy = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const body = supplierBody(values);
    try {
      // New bank data asks a user with a second factor for a fresh code (step-up).
      const answer = await withStepUp((stepUpCode) =>
        supplier
          ? update.mutateAsync({
              body: { ...body, sPaymentRecipientId: supplier.sPaymentRecipientId },
              stepUpCode,
            })
          : create.mutateAsync({ body, stepUpCode }),
      );
      if (answer === undefined) return;
      showSuccessToast(
        isHeldForApproval(answer)
          ? // What waits is the supplier or its bank account: no money moves for it.
            t(supplier ? 'suppliers.heldUpdate' : 'suppliers.heldCreate', { name: body.sName })
          : t(supplier ? 'suppliers.form.updated' : 'suppliers.form.created'),
      );
      onClose();
    } catch (error) {
      const messageFor = (field: SupplierField, serverMessage: string) => {
        const key = SERVER_FIELD_MESSAGES[field as keyof typeof SERVER_FIELD_MESSAGES];
        return key ? t(key) : serverMessage;
      };
      if (!applyServerFieldError(error, SUPPLIER_FIELDS, setError, messageFor)) {
        showErrorToast(error);
      }
    }
  });

  return (
    <>
      <AppDialog
        open={open}
        onClose={onClose}
        busy={busy}
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
              name="sAccountNumber"
              label={t('suppliers.form.clabe')}
              hint={
                usedBy
                  ? t('suppliers.form.clabeUsed', { name: usedBy.sName })
                  : t('suppliers.form.clabeHint')
              }
              warning={usedBy !== undefined}
              inputMode="numeric"
            />
            <SupplierTextField
              control={control}
              name="sBankName"
              label={t('suppliers.form.bankName')}
              hint={mismatch && bank ? t('suppliers.form.bankMismatch', { bank }) : undefined}
              warning={mismatch}
            />
            <SupplierTextField control={control} name="sTaxId" label={t('suppliers.form.taxId')} />
          </DialogContent>
          <FormDialogActions
            busy={busy}
            cancelLabel={t('finance.cancel')}
            submitLabel={t('finance.save')}
            onCancel={onClose}
          />
        </form>
      </AppDialog>
      {stepUpPrompt}
    </>
  );
}

function SupplierTextField(props: {
  control: Control<SupplierFormValues>;
  name: SupplierField;
  label: string;
  hint?: string | undefined;
  /** The hint is a warning (shown in the warning colour, not blocking). */
  warning?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = fieldState.error;
  const errorText =
    error?.type === 'server'
      ? error.message
      : error
        ? t(supplierErrorKey(error.message))
        : undefined;
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
      sx={
        !errorText && props.warning
          ? {
              '& .MuiFormHelperText-root': { color: 'warning.dark' },
              '& .MuiOutlinedInput-notchedOutline': { borderColor: 'warning.main' },
            }
          : undefined
      }
      slotProps={props.inputMode ? { htmlInput: { inputMode: props.inputMode } } : undefined}
    />
  );
}
