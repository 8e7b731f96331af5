import { forwardDateProblem, isCalendarDate, TRANSACTION_TYPE_IDS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { ForwardRate } from '../api/invoices';
import { convertInvoice, useForwardRateQuery } from '../api/invoices';
import {
  forwardCalendar,
  forwardDepositForMxn,
  formatDialogRate,
  usdForMxn,
} from '../invoice-math';
import { ReviewList } from '../../../components/detail-list';
import { LazyDatePicker } from './lazy-date-picker';
import type { MoneyDialogProps } from './money-dialog';
import { useLastDefined } from './money-dialog';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

/**
 * The forward dialog: pick a settlement day (tomorrow to one year after, no weekends or
 * US/MX bank holidays), get its forward rate, then book the invoice's MXN at that rate.
 */
export function ForwardDialog(props: MoneyDialogProps) {
  const { quote, onCancel, onDone, onFailed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const open = props.invoice !== undefined;
  const invoice = useLastDefined(props.invoice);
  const idempotencyKey = useIdempotencyKey(open);
  const [date, setDate] = useState('');

  useEffect(() => {
    if (open) setDate('');
  }, [open]);

  // "Today" is read when the dialog opens, in the business time zone.
  const calendar = useMemo(() => (open ? forwardCalendar(new Date()) : undefined), [open]);
  const dateProblem =
    date === '' || !calendar
      ? undefined
      : isCalendarDate(date)
        ? forwardDateProblem(date, calendar.today)
        : 'INVALID';
  const validDate = date !== '' && !dateProblem ? date : undefined;

  const forwardRate = useForwardRateQuery(open ? validDate : undefined, quote.reference);
  const rateError = forwardRate.error;
  useEffect(() => {
    if (rateError) onFailed(rateError);
    // Reported once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rateError]);

  const book = useMutation({
    mutationFn: (input: { target: Invoice; rate: ForwardRate; date: string }) =>
      convertInvoice(
        {
          sInvoiceId: input.target.sInvoiceId,
          sTransactionType: TRANSACTION_TYPE_IDS.FORWARD,
          dExchangeRate: input.rate.rate,
          referenceExchangeRate: input.rate.uuid,
          bExternal: false,
          dForwardTransactionDate: input.date,
        },
        idempotencyKey,
      ),
    meta: { errorToast: false },
  });

  const rate = validDate ? forwardRate.data : undefined;

  const confirm = async () => {
    if (!props.invoice || !rate || !validDate) return;
    try {
      const answer = await book.mutateAsync({ target: props.invoice, rate, date: validDate });
      onDone(isHeldForApproval(answer) ? t('team.heldForApproval') : t('invoices.forward.done'));
    } catch (error) {
      onFailed(error);
      // A forward quote lives a short time: price the date again.
      void forwardRate.refetch();
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={book.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('invoices.forward.title')}</DialogTitle>
      <DialogContent>
        <LazyDatePicker
          label={t('invoices.forward.dateLabel')}
          value={date}
          onChange={setDate}
          minDate={calendar?.earliest}
          maxDate={calendar?.latest}
          isDateDisabled={(day) =>
            calendar ? forwardDateProblem(day, calendar.today) !== undefined : true
          }
          required
          error={dateProblem !== undefined}
          helperText={
            dateProblem ? t('invoices.forward.dateInvalid') : t('invoices.forward.dateHint')
          }
          disabled={book.isPending}
        />
        <Box sx={{ mt: 1 }} aria-live="polite">
          {!validDate && (
            <Typography color="text.secondary" sx={{ my: 2 }}>
              {t('invoices.forward.pickDateFirst')}
            </Typography>
          )}
          {validDate && !rate && forwardRate.isFetching && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 2 }}>
              <CircularProgress size={20} />
              <Typography>{t('invoices.forward.gettingRate')}</Typography>
            </Box>
          )}
          {invoice && validDate && rate && (
            <ReviewList
              items={[
                {
                  label: t('invoices.detail.usdToSend'),
                  value: `${formatMoney(usdForMxn(invoice.dTotalAmount, rate.rate))} USD`,
                  emphasis: true,
                  testId: 'forward-usd',
                },
                {
                  label: t('invoices.detail.mxnToReceive'),
                  value: `${formatMoney(invoice.dTotalAmount)} MXN`,
                },
                {
                  label: t('invoices.detail.forwardRate'),
                  value: `${formatDialogRate(rate.rate)} MXN`,
                  testId: 'forward-rate',
                },
                { label: t('invoices.detail.invoice'), value: invoice.sInvoice },
                {
                  label: t('invoices.detail.scheduledDate'),
                  value: formatDate(validDate, language),
                  testId: 'forward-date',
                },
                {
                  label: t('invoices.detail.depositNow'),
                  value: `${formatMoney(forwardDepositForMxn(invoice.dTotalAmount, rate.rate))} USD`,
                  testId: 'forward-deposit',
                },
              ]}
            />
          )}
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>
          {invoice && rate
            ? t('invoices.forward.depositNotice', {
                deposit: formatMoney(forwardDepositForMxn(invoice.dTotalAmount, rate.rate)),
              })
            : t('invoices.forward.depositNoticeNoAmount')}
        </Alert>
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('invoices.forward.fundsNotice')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={book.isPending}>
          {t('finance.cancel')}
        </Button>
        <BusyButton
          busy={book.isPending}
          onClick={() => void confirm()}
          disabled={!rate || book.isPending || forwardRate.isFetching || quote.refreshing}
        >
          {t('invoices.forward.confirm')}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
