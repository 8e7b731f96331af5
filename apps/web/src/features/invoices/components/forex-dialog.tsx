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

/** 'Detalle de la conversión': converts the invoice's MXN now at today's quote (forex). */
export function ForexDialog(props: MoneyDialogProps) {
  const { quote, onCancel, onDone, onFailed } = props;
  const { t } = useTranslation();
  const open = props.invoice !== undefined;
  const invoice = useLastDefined(props.invoice);
  const idempotencyKey = useIdempotencyKey(open);
  const convert = useMutation({
    mutationFn: (target: Invoice) =>
      convertInvoice(
        {
          sInvoiceId: target.sInvoiceId,
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
          dExchangeRate: quote.rate,
          referenceExchangeRate: quote.reference,
          bExternal: false,
        },
        idempotencyKey,
      ),
    meta: { errorToast: false },
  });

  const confirm = async () => {
    if (!props.invoice) return;
    try {
      const answer = await convert.mutateAsync(props.invoice);
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
      confirmDisabled={quote.refreshing}
      busy={convert.isPending}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
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
