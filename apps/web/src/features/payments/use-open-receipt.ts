import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Payment } from '../../lib/finance/types';
import { base64ToBlob, openPdf } from '../../lib/files';
import { showSuccessToast } from '../../lib/toast';
import { getPaymentReceipt } from './api/payments';

/**
 * Fetches a payment's receipt and opens it; where the browser can only download it, a toast
 * says so, since nothing else on screen would change. `variables` is the payment it is
 * fetching, for the button that shows a spinner.
 */
export function useOpenReceipt() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (payment: Payment) => ({
      payment,
      data: await getPaymentReceipt(payment.sPaymentId),
    }),
    onSuccess: ({ payment, data }) => {
      const how = openPdf(base64ToBlob(data), `Comprobante-${payment.iTrackingId}.pdf`);
      if (how === 'downloaded') showSuccessToast(t('payments.receiptDownloaded'));
    },
  });
}
