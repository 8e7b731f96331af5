import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { excelDate, type ExcelColumn } from '../../lib/excel';
import type { Invoice } from '../../lib/finance/types';
import { useStatusName } from './use-status-name';

/** The Excel export's columns: the table's, with full dates and plain numbers. */
export function useInvoiceExportColumns(): ExcelColumn<Invoice>[] {
  const { t } = useTranslation();
  const statusName = useStatusName();
  return useMemo<ExcelColumn<Invoice>[]>(
    () => [
      { header: t('invoices.columns.supplier'), value: (row) => row.sName },
      {
        header: t('invoices.columns.purchaseDate'),
        value: (row) => excelDate(row.dPurchaseDate),
      },
      { header: t('invoices.columns.dueDate'), value: (row) => excelDate(row.dDueDate) },
      { header: t('invoices.columns.invoice'), value: (row) => row.sInvoice },
      { header: t('invoices.columns.status'), value: (row) => statusName(row.sStatusId) },
      { header: t('invoices.columns.totalMxn'), value: (row) => row.dTotalAmount },
      { header: t('invoices.columns.rateProtection'), value: (row) => row.dRateProtection },
      { header: t('invoices.columns.profitPercent'), value: (row) => row.dProfitPercentage },
      { header: t('invoices.columns.currencyGain'), value: (row) => row.dCurrencyGain },
    ],
    [t, statusName],
  );
}
