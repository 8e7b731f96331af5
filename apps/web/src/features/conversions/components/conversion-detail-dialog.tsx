import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { moneyToNumber } from '@app/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/finance/queries';
import type { Transaction, TransactionInvoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useConversionDetailQuery, useDetachInvoiceMutation } from '../api/conversions-api';
import {
  conversionSuppliers,
  instantToCalendarDate,
  isForward,
  unpaidOfEntry,
} from '../conversion-math';
import { AddInvoicesPanel } from './add-invoices-panel';
import { AssignedInvoiceCard } from './assigned-invoice-card';
import type { ConversionTableKind } from './conversion-columns';
import { formatQuoteRate } from '../../../components/format-rate';
import { DetailList, type DetailItem } from '../../../components/detail-list';
import { EditInvoiceDialog } from './edit-invoice-dialog';
import { GainText } from './gain-text';
import { PaymentsMade } from './payments-made';
import { PercentBar } from './percent-bar';
import { TransactionTypeChip } from './transaction-type-chip';
import { AppDialog } from '../../../components/app-dialog';

interface ConversionDetailDialogProps {
  /** The conversion shown; null keeps the dialog closed. */
  transactionId: string | null;
  kind: ConversionTableKind;
  onClose: () => void;
  /** /balance: 'Pagar facturas' hands the loaded conversion to the pay dialog. */
  onPayInvoices?: (transaction: Transaction) => void;
}

/**
 * 'Detalle de conversión', shared by /forwards, /balance and /conversions. 'Cerrar' or
 * Escape closes it, but not while an invoice is being detached. On /conversions it is
 * read-only and shows what was paid.
 */
export function ConversionDetailDialog(props: ConversionDetailDialogProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      open={props.transactionId !== null}
      onClose={props.onClose}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={titleId}>{t('conversions.detail.title')}</DialogTitle>
      {props.transactionId !== null && (
        <DetailBody
          key={props.transactionId}
          {...props}
          transactionId={props.transactionId}
          onBusyChange={setBusy}
        />
      )}
    </AppDialog>
  );
}

function DetailBody({
  transactionId,
  kind,
  onClose,
  onPayInvoices,
  onBusyChange,
}: ConversionDetailDialogProps & {
  transactionId: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useConversionDetailQuery(transactionId);
  const detach = useDetachInvoiceMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TransactionInvoice | null>(null);
  const invoicesHeadingId = useId();
  const paymentsHeadingId = useId();
  const transaction = detail.data;
  const readOnly = kind === 'history';
  const writeBlocked = useWriteGuard();
  const loading = detail.isFetching || detach.isPending;
  useEffect(() => onBusyChange(detach.isPending), [detach.isPending, onBusyChange]);

  const onRemove = (entry: TransactionInvoice) => {
    if (!transaction) return;
    detach.mutate(
      {
        transactionId: transaction.sTransactionId,
        invoiceId: entry.invoice.sInvoiceId,
        // The unpaid part: what was paid stays on the conversion.
        amountMxn: moneyToNumber(unpaidOfEntry(entry)),
        idempotencyKey: newIdempotencyKey(),
      },
      {
        onSuccess: () => showSuccessToast(t('conversions.detail.removed')),
        onError: (error) => showErrorToast(error),
      },
    );
  };

  let content;
  if (detail.isPending) {
    content = (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={24} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  } else if (!transaction) {
    content = <Alert severity="error">{t('conversions.detail.loadFailed')}</Alert>;
  } else {
    const forward = isForward(transaction);
    const suppliers = conversionSuppliers(transaction);
    const hasInvoices = transaction.invoice.length > 0;
    const items: DetailItem[] = [
      {
        label: t('conversions.detail.type'),
        value: <TransactionTypeChip transaction={transaction} dueColours={kind === 'forwards'} />,
      },
      {
        label: t('conversions.detail.amountMxn'),
        value: formatMoney(transaction.dDesAmount),
        testId: 'detail-amount-mxn',
      },
      { label: t('conversions.detail.amountUsd'), value: formatMoney(transaction.dAmount) },
    ];
    if (hasInvoices) {
      items.push(
        {
          label: t('conversions.detail.profitPercent'),
          value: <GainText value={transaction.dProfitPercentage} kind="percent" />,
        },
        {
          label: t('conversions.detail.profitUsd'),
          value: <GainText value={transaction.dCurrencyGain} kind="usd" />,
        },
      );
    }
    items.push(
      {
        label: t('conversions.detail.supplier', { count: Math.max(suppliers.length, 1) }),
        value:
          suppliers.length === 0
            ? t('finance.notAvailable')
            : suppliers.map((supplier) => supplier.sName).join(', '),
        testId: 'detail-suppliers',
      },
      {
        label: t('conversions.detail.rate'),
        value: formatQuoteRate(transaction.dExchangeRate),
      },
      {
        label: t('conversions.detail.createdAt'),
        value: formatDate(instantToCalendarDate(transaction.created_at), language),
      },
    );
    if (forward && transaction.dForwardTransactionDate) {
      items.push({
        label: t('conversions.detail.fulfilmentDate'),
        value: formatDate(transaction.dForwardTransactionDate, language),
      });
    }

    content = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Typography color="text.secondary" sx={{ mt: -1 }}>
          {t('conversions.detail.summary', { id: String(transaction.iTrackingId) })}
        </Typography>
        <DetailList items={items} />

        {readOnly && (
          <Box component="section" aria-labelledby={paymentsHeadingId}>
            <PercentBar
              value={transaction.dPercentPaid}
              label={t('conversions.detail.percentPaid')}
              showLabel
              testId="percent-paid"
            />
            <Typography id={paymentsHeadingId} component="h3" variant="h3" sx={{ mt: 2.5, mb: 1 }}>
              {t('conversions.detail.payments')}
            </Typography>
            <PaymentsMade payments={transaction.payment} />
          </Box>
        )}

        <PercentBar
          value={transaction.dPercentUsed}
          label={t('conversions.detail.percentUsed')}
          showLabel
          testId="percent-used"
        />

        <Divider />
        <Box component="section" aria-labelledby={invoicesHeadingId}>
          <Typography id={invoicesHeadingId} component="h3" variant="h3" sx={{ mb: 1 }}>
            {t('conversions.detail.assignedInvoices')}
          </Typography>
          {hasInvoices ? (
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {transaction.invoice.map((entry) => (
                <AssignedInvoiceCard
                  key={entry.invoice.sInvoiceId}
                  entry={entry}
                  conversionRate={transaction.dExchangeRate}
                  readOnly={readOnly}
                  busy={loading}
                  onModify={() => setEditing(entry)}
                  onRemove={() => onRemove(entry)}
                />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('conversions.detail.noInvoices')}
            </Typography>
          )}
        </Box>

        {!readOnly && (
          <Box>
            <WithReason reason={writeBlocked}>
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={() => setAdding(true)}
                disabled={adding || loading || transaction.dPercentUsed >= 100}
              >
                {t('conversions.detail.addInvoices')}
              </Button>
            </WithReason>
            {adding && transaction.dPercentUsed < 100 && (
              <AddInvoicesPanel transaction={transaction} />
            )}
          </Box>
        )}

        {editing && (
          <EditInvoiceDialog
            transaction={transaction}
            entry={editing}
            onClose={() => {
              setEditing(null);
              void detail.refetch();
            }}
          />
        )}
      </Box>
    );
  }

  return (
    <>
      {/* Focusable so a keyboard can scroll a long detail. */}
      <DialogContent dividers tabIndex={0}>
        {content}
      </DialogContent>
      <DialogActions>
        {kind === 'balance' && (
          <WithReason reason={writeBlocked}>
            <Button
              variant="contained"
              onClick={() => transaction && onPayInvoices?.(transaction)}
              disabled={!transaction || loading || transaction.dPercentUsed <= 0}
            >
              {t('conversions.detail.payInvoices')}
            </Button>
          </WithReason>
        )}
        <Button onClick={onClose}>{t('finance.close')}</Button>
      </DialogActions>
    </>
  );
}
