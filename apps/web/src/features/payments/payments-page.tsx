import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { SpreadRow } from '../../components/spread-row';
import { excelDate, type ExcelColumn } from '../../lib/excel';
import { useStatusCatalogQuery } from '../../lib/finance/queries';
import type { Payment } from '../../lib/finance/types';
import { usePaymentsQuery } from './api/payments';
import { CsvBatchDialog } from './components/csv-batch-dialog';
import { PaymentsGrid } from './components/payments-grid';
import { TotalGain } from './components/total-gain';
import { useOpenReceipt } from './use-open-receipt';
import { paymentDay, paymentInvoices, transactionTypeKey } from './payments-view';
import { LoadError } from '../../components/load-error';
import { useWriteGuard } from '../../lib/team-role';
import { WithReason } from '../../components/with-reason';

export const PAYMENTS_EXPORT_FILE = 'HistorialPagos.xlsx';

/** /payments, 'Historial de egresos': every outgoing payment, its receipt, and the total gain. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const paymentsQuery = usePaymentsQuery();
  const navigate = useNavigate();
  const [csvOpen, setCsvOpen] = useState(false);
  const catalogQuery = useStatusCatalogQuery();
  const catalog = catalogQuery.data;
  const payments = useMemo(() => paymentsQuery.data?.payments ?? [], [paymentsQuery.data]);

  const receipt = useOpenReceipt();
  const { mutate: openReceipt } = receipt;
  const onViewReceipt = useCallback((payment: Payment) => openReceipt(payment), [openReceipt]);

  const excelColumns = useMemo<ExcelColumn<Payment>[]>(
    () => [
      { header: t('payments.columns.id'), value: (row) => row.iTrackingId },
      {
        header: t('payments.columns.date'),
        value: (row) => excelDate(paymentDay(row)),
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
    [t, catalog],
  );

  return (
    <PageFrame title={t('payments.title')} subtitle={t('payments.subtitle')}>
      <SpreadRow sx={{ mb: 2 }}>
        <Typography variant="h2" id="payments-table-title">
          {t('payments.tableLabel')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <TotalGain value={paymentsQuery.data?.totalProfit} />
          <WithReason reason={writeBlocked}>
            <Button variant="outlined" onClick={() => setCsvOpen(true)}>
              {t('payables.csv.open')}
            </Button>
          </WithReason>
          <ExportButton
            fileName={PAYMENTS_EXPORT_FILE}
            columns={excelColumns}
            rows={payments}
            disabled={paymentsQuery.isPending}
          />
        </Box>
      </SpreadRow>
      {paymentsQuery.isError && (
        <LoadError
          message={t('payments.loadFailed')}
          retryLabel={t('payments.retry')}
          onRetry={() => void paymentsQuery.refetch()}
          sx={{ mb: 2 }}
        />
      )}
      <PaymentsGrid
        payments={payments}
        catalog={catalog}
        loading={paymentsQuery.isPending || catalogQuery.isPending}
        openingReceiptOf={receipt.isPending ? (receipt.variables?.sPaymentId ?? null) : null}
        onViewReceipt={onViewReceipt}
      />
      <CsvBatchDialog
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        onPaid={(batch) => {
          setCsvOpen(false);
          void navigate(`/payments/batches/${batch.sBatchId}`);
        }}
      />
    </PageFrame>
  );
}
