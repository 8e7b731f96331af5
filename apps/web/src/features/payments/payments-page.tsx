import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import type { ExcelColumn } from '../../lib/excel';
import { useStatusCatalogQuery } from '../../lib/finance/queries';
import type { Payment } from '../../lib/finance/types';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { showSuccessToast } from '../../lib/toast';
import { getPaymentReceipt, usePaymentsQuery } from './api/payments';
import { PaymentsGrid } from './components/payments-grid';
import { TotalGain } from './components/total-gain';
import { base64ToBlob, openPdf } from './pdf-file';
import { paymentDay, paymentInvoices, transactionTypeKey } from './payments-view';

export const PAYMENTS_EXPORT_FILE = 'HistorialPagos.xlsx';

/** /payments, 'Historial de egresos': every outgoing payment, its receipt, and the total gain. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const paymentsQuery = usePaymentsQuery();
  const catalogQuery = useStatusCatalogQuery();
  const catalog = catalogQuery.data;
  const payments = useMemo(() => paymentsQuery.data?.payments ?? [], [paymentsQuery.data]);

  const receipt = useMutation({
    mutationFn: async (payment: Payment) => ({
      payment,
      data: await getPaymentReceipt(payment.sPaymentId),
    }),
    onSuccess: ({ payment, data }) => {
      const how = openPdf(base64ToBlob(data), `Comprobante-${payment.iTrackingId}.pdf`);
      if (how === 'downloaded') showSuccessToast(t('payments.receiptDownloaded'));
    },
  });
  const { mutate: openReceipt } = receipt;
  const onViewReceipt = useCallback((payment: Payment) => openReceipt(payment), [openReceipt]);

  const excelColumns = useMemo<ExcelColumn<Payment>[]>(
    () => [
      { header: t('payments.columns.id'), value: (row) => row.iTrackingId },
      {
        header: t('payments.columns.date'),
        value: (row) => formatDate(paymentDay(row), language),
      },
      { header: t('payments.columns.recipient'), value: (row) => row.payment_recipient.sName },
      { header: t('payments.columns.invoice'), value: (row) => paymentInvoices(row) },
      {
        header: t('payments.columns.type'),
        value: (row) => {
          const key = transactionTypeKey(catalog, row.sTransactionType);
          return key ? t(`payments.types.${key}`) : undefined;
        },
      },
      { header: t('payments.columns.mxn'), value: (row) => row.dAmount },
      { header: t('payments.columns.usd'), value: (row) => row.dAmountUsd },
      { header: t('payments.columns.rate'), value: (row) => row.dExchangeRate },
      { header: t('payments.columns.profit'), value: (row) => row.dProfitPercentage },
      { header: t('payments.columns.gain'), value: (row) => row.dCurrencyGain },
      {
        header: t('payments.columns.status'),
        value: (row) => t(`payments.statuses.${row.sStatus}`),
      },
    ],
    [t, language, catalog],
  );

  return (
    <PageFrame title={t('payments.title')} subtitle={t('payments.subtitle')}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography variant="h2" id="payments-table-title">
          {t('payments.tableLabel')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <TotalGain value={paymentsQuery.data?.totalProfit} />
          <ExportButton
            fileName={PAYMENTS_EXPORT_FILE}
            columns={excelColumns}
            rows={payments}
            disabled={paymentsQuery.isPending}
          />
        </Box>
      </Box>
      {paymentsQuery.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void paymentsQuery.refetch()}>
              {t('payments.retry')}
            </Button>
          }
        >
          {t('payments.loadFailed')}
        </Alert>
      )}
      <PaymentsGrid
        payments={payments}
        catalog={catalog}
        loading={paymentsQuery.isPending || catalogQuery.isPending}
        openingReceiptOf={receipt.isPending ? (receipt.variables?.sPaymentId ?? null) : null}
        onViewReceipt={onViewReceipt}
      />
    </PageFrame>
  );
}
