import { TRANSACTION_TYPE_IDS } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import type { Invoice } from '../../../lib/finance/types';
import { formatMoney } from '../../../lib/format';
import { convertInvoice } from '../api/invoices';
import { formatDialogRate, usdForMxn } from '../invoice-math';
import { ReviewList } from '../../../components/detail-list';
import type { MoneyDialogProps } from './money-dialog';
import { useLastDefined } from './money-dialog';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote, type ShownQuote } from '../../../lib/finance/use-seen-quote';

/** 'Detalle de la conversión': converts the invoice's MXN now at today's quote (forex). */
export function ForexDialog(props: MoneyDialogProps) {
  const { quote, onCancel, onDone, onFailed } = props;
  const { t } = useTranslation();
  const open = props.invoice !== undefined;
  const invoice = useLastDefined(props.invoice);
  const idempotencyKey = useIdempotencyKey(open);
  const shown = useSeenQuote(open, quote);
  const convert = useMutation({
    mutationFn: ({ target, seen }: { target: Invoice; seen: ShownQuote }) =>
      convertInvoice(
        {
          sInvoiceId: target.sInvoiceId,
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
          // The rate and the quote the person saw: the server refuses any other.
          dExchangeRate: seen.rate,
          referenceExchangeRate: seen.reference,
          bExternal: false,
        },
        idempotencyKey,
      ),
    meta: { errorToast: false },
  });

  const confirm = async () => {
    if (!props.invoice || !shown.seen || shown.changed) return;
    try {
      const answer = await convert.mutateAsync({ target: props.invoice, seen: shown.seen });
      onDone(isHeldForApproval(answer) ? t('team.heldForApproval') : t('invoices.forex.done'));
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('invoices.forex.title')}
      confirmLabel={t('invoices.forex.confirm')}
      cancelLabel={t('finance.cancel')}
      confirmDisabled={quote.refreshing || shown.changed !== undefined}
      busy={convert.isPending}
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
            {
              label: t('invoices.detail.usdToSend'),
              value: `${formatMoney(usdForMxn(invoice.dTotalAmount, quote.rate))} USD`,
              emphasis: true,
              testId: 'forex-usd',
            },
            {
              label: t('invoices.detail.mxnToReceive'),
              value: `${formatMoney(invoice.dTotalAmount)} MXN`,
            },
            {
              label: t('invoices.detail.exchangeRate'),
              value: `${formatDialogRate(quote.rate)} MXN`,
            },
            { label: t('invoices.detail.invoice'), value: invoice.sInvoice },
          ]}
        />
      )}
    </ConfirmDialog>
  );
}
