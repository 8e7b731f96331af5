import { moneyToNumber } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey, usePaymentRecipientsQuery } from '../../../lib/finance/queries';
import type { Transaction } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useAttachInvoiceMutation, useSupplierInvoicesQuery } from '../api/conversions-api';
import {
  attachAmountCents,
  freeMxnCents,
  maskAccount,
  unassignedMxnCents,
} from '../conversion-math';

/**
 * 'Agregar facturas': a supplier picker and that supplier's invoices with MXN left to
 * assign, each with 'Agregar'. A conversion pays any number of suppliers, so the picker
 * stays open to every live supplier while the conversion has pesos free.
 */
export function AddInvoicesPanel({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const recipients = usePaymentRecipientsQuery();
  const [chosen, setChosen] = useState<string>('');
  const supplierId = chosen || null;
  const invoices = useSupplierInvoicesQuery(supplierId, transaction.dExchangeRate);
  const attach = useAttachInvoiceMutation();
  const free = freeMxnCents(transaction);
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // The button that opened the panel is now disabled: keep the keyboard in the panel.
  useEffect(() => {
    const panel = panelRef.current;
    panel?.focus({ preventScroll: true });
    panel?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const options = [...(recipients.data ?? [])].map((recipient) => ({
    id: recipient.sPaymentRecipientId,
    label: `${recipient.sName} ${maskAccount(recipient.sAccountNumber)}`,
  }));

  const onAdd = (invoiceId: string, amountCents: bigint) => {
    attach.mutate(
      {
        transactionId: transaction.sTransactionId,
        invoiceId,
        amountMxn: moneyToNumber(amountCents),
        idempotencyKey: newIdempotencyKey(),
      },
      {
        onSuccess: () => showSuccessToast(t('conversions.detail.added')),
        // The list reloads either way (the mutation invalidates it), as the spec asks.
        onError: (error) => showErrorToast(error),
      },
    );
  };

  return (
    <Box
      ref={panelRef}
      tabIndex={-1}
      sx={{ mt: 2, outline: 'none' }}
      data-testid="add-invoices-panel"
    >
      <TextField
        select
        label={t('conversions.detail.supplierPicker')}
        required
        value={supplierId ?? ''}
        onChange={(event) => setChosen(event.target.value)}
        disabled={recipients.isPending}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>

      {supplierId === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('conversions.detail.chooseSupplier')}
        </Typography>
      ) : (
        <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
          <Typography
            id={headingId}
            component="h4"
            variant="subtitle1"
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {t('conversions.detail.available')}
          </Typography>
          {free === 0n && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('conversions.detail.full')}
            </Alert>
          )}
          {invoices.isPending ? (
            <Skeleton variant="rounded" height={72} />
          ) : (invoices.data ?? []).length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('conversions.detail.noAvailable')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
              {(invoices.data ?? []).map((invoice) => {
                const amount = attachAmountCents(transaction, invoice);
                return (
                  <Paper
                    key={invoice.sInvoiceId}
                    component="li"
                    variant="outlined"
                    data-testid="available-invoice"
                    sx={{
                      listStyle: 'none',
                      p: 1.5,
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      gap: 1,
                    }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{invoice.sInvoice}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {formatDate(invoice.dPurchaseDate, language)} ·{' '}
                        {t('conversions.detail.total')} {formatMoney(invoice.dTotalAmount)} ·{' '}
                        {t('conversions.detail.toAssign')}{' '}
                        {formatMoney(moneyToNumber(unassignedMxnCents(invoice)))}
                      </Typography>
                    </Box>
                    <Button
                      variant="outlined"
                      size="small"
                      onClick={() => onAdd(invoice.sInvoiceId, amount)}
                      disabled={attach.isPending || amount === 0n}
                      aria-label={t('conversions.detail.addInvoice', { name: invoice.sInvoice })}
                    >
                      {t('conversions.detail.add')}
                    </Button>
                  </Paper>
                );
              })}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
