import { maskAccount, todayInTimeZone } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { payInvoice } from '../api/invoices';
import { formatDialogRate, usdForMxn } from '../invoice-math';
import type { MoneyDialogProps } from './money-dialog';
import { useLastDefined } from './money-dialog';
import { ReviewList } from '../../../components/detail-list';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote } from '../../../lib/finance/use-seen-quote';

/**
 * 'Detalle de pago': pays the whole invoice now from the USD balance at today's quote.
 * The Idempotency-Key is made when the dialog opens, so a double click pays once.
 */
export function PayInvoiceDialog(props: MoneyDialogProps) {
  const { quote, onCancel, onDone, onFailed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const open = props.invoice !== undefined;
  const invoice = useLastDefined(props.invoice);
  const idempotencyKey = useIdempotencyKey(open);
  const shown = useSeenQuote(open, quote);
  const pay = useMutation({
    mutationFn: ({ target, reference }: { target: Invoice; reference: string }) =>
      payInvoice(
        { sInvoiceId: target.sInvoiceId, sExchangeRateReference: reference },
        idempotencyKey,
      ),
    meta: { errorToast: false },
  });

  const confirm = async () => {
    if (!props.invoice || !shown.seen || shown.changed) return;
    try {
      const answer = await pay.mutateAsync({
        target: props.invoice,
        reference: shown.seen.reference,
      });
      onDone(
        isHeldForApproval(answer)
          ? t('team.heldForApproval')
          : t('invoices.payment.done', { name: props.invoice.sName }),
      );
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('invoices.payment.title')}
      confirmLabel={t('invoices.payment.confirm')}
      cancelLabel={t('finance.cancel')}
      confirmDisabled={quote.refreshing || shown.changed !== undefined}
      busy={pay.isPending}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      {invoice && shown.changed && (
        <QuoteChangedNotice
          before={shown.changed.before.rate}
          after={shown.changed.after.rate}
          figures={[
            {
              label: t('invoices.detail.usdToSend'),
              before: `${formatMoney(usdForMxn(invoice.dTotalAmount, shown.changed.before.rate))} USD`,
              after: `${formatMoney(usdForMxn(invoice.dTotalAmount, shown.changed.after.rate))} USD`,
            },
          ]}
          onAccept={shown.accept}
        />
      )}
      {invoice && (
        <ReviewList
          items={[
            { label: t('invoices.detail.customerName'), value: invoice.sName },
            { label: t('invoices.detail.clabe'), value: maskAccount(invoice.sAccountNumber) },
            {
              label: t('invoices.detail.usdToSend'),
              value: `${formatMoney(usdForMxn(invoice.dTotalAmount, quote.rate))} USD`,
              emphasis: true,
              testId: 'pay-usd',
            },
            {
              label: t('invoices.detail.mxnReceived'),
              value: `${formatMoney(invoice.dTotalAmount)} MXN`,
            },
            {
              label: t('invoices.detail.exchangeRate'),
              value: `${formatDialogRate(quote.rate)} MXN`,
            },
            { label: t('invoices.detail.invoice'), value: invoice.sInvoice },
            {
              label: t('invoices.detail.sendDate'),
              value: formatDate(todayInTimeZone(new Date()), language),
            },
          ]}
        />
      )}
    </ConfirmDialog>
  );
}
