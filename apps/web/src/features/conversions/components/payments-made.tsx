import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TransactionPayment } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { instantToCalendarDate } from '../conversion-math';
import { DetailList } from '../../../components/detail-list';

/** The payments made out of a conversion (history detail), or 'No hay pagos realizados'. */
export function PaymentsMade({ payments }: { payments: TransactionPayment[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (payments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('conversions.detail.noPayments')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {payments.map((payment) => {
        const invoices = payment.invoice_payments_relationship
          .map((line) => line.invoice.sInvoice)
          .join(', ');
        return (
          <Paper
            key={payment.sPaymentId}
            component="li"
            variant="outlined"
            data-testid="payment-made"
            sx={{ listStyle: 'none', p: 1.5 }}
          >
            <DetailList
              items={[
                {
                  label: t('conversions.detail.paymentAmount'),
                  value: `${formatMoney(payment.dAmount)} MXN`,
                },
                {
                  label: t('conversions.detail.paymentDate'),
                  value: formatDate(instantToCalendarDate(payment.created_at), language),
                },
                {
                  label: t('conversions.detail.recipient'),
                  value: payment.payment_recipient.sName,
                },
                {
                  label: t('conversions.detail.invoice'),
                  value: invoices || t('finance.notAvailable'),
                },
              ]}
            />
          </Paper>
        );
      })}
    </Box>
  );
}
