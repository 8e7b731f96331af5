import { addDays, parseRate, rateToNumber } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useRateOrderMutations } from '../api/rate-orders';
import { formatDialogRate, usdForMxn } from '../invoice-math';
import { expiryWindow, isInWindow, RATE_ORDER_DEFAULT_DAYS } from '../rate-order-view';
import { ReviewList } from '../../../components/detail-list';
import { LazyDatePicker } from './lazy-date-picker';
import { useLastDefined } from './money-dialog';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

/** A rate the API takes: above 0, up to 6 decimals. */
function parseTarget(text: string): number | undefined {
  try {
    const micro = parseRate(text.trim());
    return micro > 0n ? rateToNumber(micro) : undefined;
  } catch {
    return undefined;
  }
}

export interface RateOrderDialogProps {
  invoice: Invoice | undefined;
  /** Today's customer rate (the invoice list's quote). */
  marketRate: number;
  onCancel: () => void;
  onDone: (message: string) => void;
  onFailed: (error: unknown) => void;
}

/**
 * 'Auto-convert': the review of a rate order before it is set. The target starts at the
 * invoice's protected rate (or the active order's), the last day at a month ahead; the
 * dialog shows the market now and what the invoice's pesos cost at the target. Nothing is
 * set until the user confirms; an active order can be cancelled from here too.
 */
export function RateOrderDialog(props: RateOrderDialogProps) {
  const { marketRate, onCancel, onDone, onFailed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const open = props.invoice !== undefined;
  const invoice = useLastDefined(props.invoice);
  const active = invoice?.rateOrder?.sStatus === 'ACTIVE' ? invoice.rateOrder : undefined;
  const { place, cancel } = useRateOrderMutations();
  const [targetText, setTargetText] = useState('');
  const [date, setDate] = useState('');

  // "Today" is read when the dialog opens, in the business time zone.
  const expiry = useMemo(() => (open ? expiryWindow(new Date()) : undefined), [open]);
  useEffect(() => {
    if (!open || !props.invoice || !expiry) return;
    const current =
      props.invoice.rateOrder?.sStatus === 'ACTIVE' ? props.invoice.rateOrder : undefined;
    setTargetText(String(current?.dTargetRate ?? props.invoice.dRateProtection));
    setDate(current?.dExpiresOn ?? addDays(expiry.today, RATE_ORDER_DEFAULT_DAYS));
    // Filled once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const target = parseTarget(targetText);
  const dateValid = expiry !== undefined && isInWindow(date, expiry);
  const busy = place.isPending || cancel.isPending;
  const reached = target !== undefined && marketRate >= target;

  const confirm = async () => {
    if (!props.invoice || target === undefined || !dateValid) return;
    try {
      await place.mutateAsync({
        invoiceId: props.invoice.sInvoiceId,
        body: { dTargetRate: target, dExpiresOn: date },
      });
      onDone(t('invoices.rateOrder.done', { rate: formatDialogRate(target) }));
    } catch (error) {
      onFailed(error);
    }
  };

  const cancelOrder = async () => {
    if (!props.invoice) return;
    try {
      await cancel.mutateAsync(props.invoice.sInvoiceId);
      onDone(t('invoices.rateOrder.cancelled'));
    } catch (error) {
      onFailed(error);
    }
  };

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
        {t('invoices.rateOrder.title', { invoice: invoice?.sInvoice ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('invoices.rateOrder.intro')}
        </Typography>
        {active && (
          <Alert severity="info" sx={{ my: 1 }} data-testid="rate-order-current">
            {t('invoices.rateOrder.current', {
              rate: formatDialogRate(active.dTargetRate),
              date: formatDate(active.dExpiresOn, language),
            })}
          </Alert>
        )}
        <TextField
          label={t('invoices.rateOrder.targetLabel')}
          value={targetText}
          onChange={(event) => setTargetText(event.target.value)}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          error={targetText !== '' && target === undefined}
          helperText={
            targetText !== '' && target === undefined
              ? t('invoices.rateOrder.targetInvalid')
              : t('invoices.rateOrder.targetHint', {
                  rate: formatDialogRate(invoice?.dRateProtection ?? 0),
                })
          }
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <LazyDatePicker
          label={t('invoices.rateOrder.dateLabel')}
          value={date}
          onChange={setDate}
          minDate={expiry?.earliest}
          maxDate={expiry?.latest}
          required
          error={date !== '' && !dateValid}
          helperText={
            date !== '' && !dateValid
              ? t('invoices.rateOrder.dateInvalid')
              : t('invoices.rateOrder.dateHint')
          }
          disabled={busy}
        />
        <Box sx={{ mt: 1 }} aria-live="polite">
          {invoice && (
            <ReviewList
              items={[
                {
                  label: t('invoices.rateOrder.usdAtTarget'),
                  value:
                    target === undefined
                      ? '—'
                      : `${formatMoney(usdForMxn(invoice.dTotalAmount, target))} USD`,
                  emphasis: true,
                  testId: 'rate-order-usd',
                },
                {
                  label: t('invoices.rateOrder.mxnToConvert'),
                  value: `${formatMoney(invoice.dTotalAmount)} MXN`,
                },
                {
                  label: t('invoices.rateOrder.marketRate'),
                  value: `${formatDialogRate(marketRate)} MXN`,
                  testId: 'rate-order-market',
                },
                {
                  label: t('invoices.rateOrder.lastDay'),
                  value: dateValid ? formatDate(date, language) : '—',
                },
              ]}
            />
          )}
        </Box>
        {reached && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('invoices.rateOrder.alreadyReached')}
          </Alert>
        )}
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('invoices.rateOrder.fundsNotice')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {active && (
          <Button
            color="error"
            onClick={() => void cancelOrder()}
            disabled={busy}
            sx={{ mr: 'auto' }}
          >
            {t('invoices.rateOrder.cancelOrder')}
          </Button>
        )}
        <Button onClick={onCancel} disabled={busy}>
          {t('invoices.rateOrder.close')}
        </Button>
        <BusyButton
          busy={place.isPending}
          onClick={() => void confirm()}
          disabled={busy || target === undefined || !dateValid}
        >
          {active ? t('invoices.rateOrder.update') : t('invoices.rateOrder.confirm')}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
