import {
  INVOICE_STATUS_IDS,
  moneyToNumber,
  parseMoney,
  parseRate,
  usdForExactMxn,
} from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import type { Invoice } from '../../../lib/finance/types';
import { formatMoney } from '../../../lib/format';
import { getInvoices, invoiceKeys } from '../api/invoices';
import { payInvoicesInBatch, type PaymentBatchAnswer } from '../api/cfdi';
import { formatRate, isPayable } from '../invoice-math';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote } from '../../../lib/finance/use-seen-quote';
import type { SpotQuote } from './money-dialog';
import { BusyButton } from '../../../components/busy-button';
import { SmallTable } from '../../../components/small-table';
import { AppDialog } from '../../../components/app-dialog';

/** Most payments one batch takes (the API's limit). */
const BATCH_MAX_ITEMS = 1000;

interface BatchPayInvoicesDialogProps {
  open: boolean;
  quote: SpotQuote;
  onCancel: () => void;
  onPaid: (answer: PaymentBatchAnswer) => void;
  onFailed: (error: unknown) => void;
}

/** USD for an invoice's exact MXN at the quote, rounded up to the cent (as the server does). */
function usdOf(invoice: Invoice, rate: number): bigint {
  return rate > 0 ? usdForExactMxn(parseMoney(invoice.dTotalAmount), parseRate(rate)) : 0n;
}

/** The dollars of the chosen invoices at a rate. */
function totalUsdAt(invoices: Invoice[], rate: number): bigint {
  return invoices.reduce((sum, invoice) => sum + usdOf(invoice, rate), 0n);
}

/** The columns both steps show of an invoice: payee, invoice, pesos and dollars at the rate. */
function InvoiceHeadCells() {
  const { t } = useTranslation();
  return (
    <>
      <TableCell>{t('payables.batch.payee')}</TableCell>
      <TableCell>{t('payables.batch.invoice')}</TableCell>
      <TableCell align="right">{t('payables.batch.mxn')}</TableCell>
      <TableCell align="right">{t('payables.batch.usd')}</TableCell>
    </>
  );
}

function InvoiceCells({ invoice, rate }: { invoice: Invoice; rate: number }) {
  const { t } = useTranslation();
  return (
    <>
      <TableCell>
        {invoice.bSupplierDeleted && (
          <Typography
            component="span"
            variant="body2"
            color="error.dark"
            sx={{ fontWeight: 600, mr: 0.5 }}
            title={t('invoices.supplierDeletedWhy')}
          >
            {t('invoices.supplierDeleted')}
          </Typography>
        )}
        {invoice.sName}
      </TableCell>
      <TableCell>{invoice.sInvoice}</TableCell>
      <TableCell align="right">{formatMoney(invoice.dTotalAmount)}</TableCell>
      <TableCell align="right">{formatMoney(moneyToNumber(usdOf(invoice, rate)))}</TableCell>
    </>
  );
}

/**
 * 'Pay in batch': choose To pay invoices, review each payee and amount at one quote, then
 * confirm once. The Idempotency-Key is made when the review opens: a double click or a
 * retry after a lost answer pays once.
 */
export function BatchPayInvoicesDialog(props: BatchPayInvoicesDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const [step, setStep] = useState<'select' | 'review'>('select');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const idempotencyKey = useIdempotencyKey(props.open && step === 'review');
  const shown = useSeenQuote(props.open && step === 'review', props.quote);

  const toPay = useQuery({
    queryKey: [...invoiceKeys.all(), 'batch-to-pay'],
    // The newest 1,000 To pay invoices: as many as one batch takes.
    queryFn: async () =>
      (
        await getInvoices({
          sStatusId: INVOICE_STATUS_IDS.TO_PAY,
          page: 1,
          limit: BATCH_MAX_ITEMS,
        })
      ).invoices,
    enabled: props.open,
    staleTime: 0,
    gcTime: 0,
  });
  const invoices = useMemo(() => toPay.data ?? [], [toPay.data]);
  // A deleted supplier's invoices are listed, marked, and cannot be chosen.
  const payable = useMemo(() => invoices.filter(isPayable), [invoices]);
  const chosen = payable.filter((invoice) => selected.has(invoice.sInvoiceId));
  const totals = chosen.reduce(
    (sum, invoice) => ({
      mxn: sum.mxn + parseMoney(invoice.dTotalAmount),
      usd: sum.usd + usdOf(invoice, props.quote.rate),
    }),
    { mxn: 0n, usd: 0n },
  );

  const pay = useMutation({
    mutationFn: () =>
      payInvoicesInBatch(
        {
          sExchangeRateReference: shown.seen?.reference ?? props.quote.reference,
          items: chosen.map((invoice) => ({ sInvoiceId: invoice.sInvoiceId })),
        },
        idempotencyKey,
      ),
    meta: { errorToast: false },
  });

  const close = () => {
    setStep('select');
    setSelected(new Set());
    props.onCancel();
  };

  const confirm = async () => {
    if (shown.changed) return;
    try {
      const answer = await pay.mutateAsync();
      setStep('select');
      setSelected(new Set());
      props.onPaid(answer);
    } catch (error) {
      props.onFailed(error);
    }
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = payable.length > 0 && chosen.length === payable.length;
  const tooMany = chosen.length > BATCH_MAX_ITEMS;

  return (
    <AppDialog
      open={props.open}
      onClose={close}
      busy={pay.isPending}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>
        {step === 'select' ? t('payables.batch.title') : t('payables.batch.review')}
      </DialogTitle>
      <DialogContent>
        {step === 'select' && (
          <>
            <Typography sx={{ mb: 2 }}>{t('payables.batch.select')}</Typography>
            {toPay.isPending && (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={24} />
                <Typography>{t('payables.batch.loading')}</Typography>
              </Box>
            )}
            {toPay.isSuccess && invoices.length === 0 && (
              <Alert severity="info">{t('payables.batch.none')}</Alert>
            )}
            {invoices.length > 0 && (
              <SmallTable
                label={t('payables.batch.title')}
                frame="bordered"
                head={
                  <>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={selected.size > 0 && !allSelected}
                        onChange={() =>
                          setSelected(
                            allSelected
                              ? new Set()
                              : new Set(payable.map((invoice) => invoice.sInvoiceId)),
                          )
                        }
                        slotProps={{ input: { 'aria-label': t('payables.batch.selectAll') } }}
                      />
                    </TableCell>
                    <InvoiceHeadCells />
                  </>
                }
              >
                {invoices.map((invoice) => (
                  <TableRow
                    key={invoice.sInvoiceId}
                    hover
                    selected={selected.has(invoice.sInvoiceId)}
                    data-testid="batch-invoice-row"
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(invoice.sInvoiceId) && isPayable(invoice)}
                        disabled={!isPayable(invoice)}
                        onChange={() => toggle(invoice.sInvoiceId)}
                        slotProps={{
                          input: {
                            'aria-label': t('payables.batch.selectInvoice', {
                              invoice: invoice.sInvoice,
                            }),
                          },
                        }}
                      />
                    </TableCell>
                    <InvoiceCells invoice={invoice} rate={props.quote.rate} />
                  </TableRow>
                ))}
              </SmallTable>
            )}
            {tooMany && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('payables.batch.tooMany')}
              </Alert>
            )}
          </>
        )}

        {step === 'review' && (
          <>
            <Typography sx={{ mb: 2 }}>{t('payables.batch.reviewHelp')}</Typography>
            {shown.changed && (
              <Box sx={{ mb: 2 }}>
                <QuoteChangedNotice
                  before={shown.changed.before.rate}
                  after={shown.changed.after.rate}
                  figures={[
                    {
                      label: t('payables.batch.usd'),
                      before: `${formatMoney(moneyToNumber(totalUsdAt(chosen, shown.changed.before.rate)))} USD`,
                      after: `${formatMoney(moneyToNumber(totalUsdAt(chosen, shown.changed.after.rate)))} USD`,
                    },
                  ]}
                  onAccept={shown.accept}
                />
              </Box>
            )}
            <SmallTable
              label={t('payables.batch.review')}
              frame="bordered"
              head={
                <>
                  <InvoiceHeadCells />
                </>
              }
            >
              {chosen.map((invoice) => (
                <TableRow key={invoice.sInvoiceId} data-testid="batch-review-row">
                  <InvoiceCells invoice={invoice} rate={props.quote.rate} />
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {t('payables.batch.rate')}: {formatRate(props.quote.rate)} MXN
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatMoney(moneyToNumber(totals.mxn))} MXN
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="batch-total-usd">
                  {formatMoney(moneyToNumber(totals.usd))} USD
                </TableCell>
              </TableRow>
            </SmallTable>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 'select' && selected.size > 0 && (
          <Typography variant="body2" sx={{ mr: 'auto', pl: 1 }}>
            {t('payables.batch.selected', { count: selected.size })}
          </Typography>
        )}
        {step === 'review' && (
          <Button onClick={() => setStep('select')} disabled={pay.isPending} sx={{ mr: 'auto' }}>
            {t('payables.batch.back')}
          </Button>
        )}
        <Button onClick={close} disabled={pay.isPending}>
          {t('finance.cancel')}
        </Button>
        {step === 'select' ? (
          <Button
            variant="contained"
            disabled={chosen.length === 0 || tooMany}
            onClick={() => setStep('review')}
          >
            {t('payables.batch.next')}
          </Button>
        ) : (
          <BusyButton
            busy={pay.isPending}
            disabled={
              pay.isPending ||
              props.quote.refreshing ||
              chosen.length === 0 ||
              shown.changed !== undefined
            }
            onClick={() => void confirm()}
          >
            {t('payables.batch.confirm', { count: chosen.length })}
          </BusyButton>
        )}
      </DialogActions>
    </AppDialog>
  );
}
