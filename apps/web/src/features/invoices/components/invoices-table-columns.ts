import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type ColumnField =
  | 'sName'
  | 'dPurchaseDate'
  | 'dDueDate'
  | 'sInvoice'
  | 'sStatusId'
  | 'rateOrder'
  | 'dTotalAmount'
  | 'dRateProtection'
  | 'dProfitPercentage'
  | 'dCurrencyGain'
  | 'actions';

export interface Column {
  field: ColumnField;
  label: string;
  /** Fixed width (px); the supplier has none and takes what is left, at least its minimum. */
  width?: number;
  numeric?: boolean;
  sortable: boolean;
}

/**
 * Widths that fit every column, Actions included, at 1280 px in either language: dates with
 * the month abbreviated ('May 28, 2026', 79 px of text at the widest; '28 may 2026'; the full
 * date in the title), headers on up to three lines, narrow cell padding. With the rate
 * order's column they add up to 934 px of the ≈935 px the table has at 1280 px beside a
 * 15 px scrollbar; wider screens give the rest to the supplier.
 * Narrower than its columns (a phone), the table scrolls sideways with the selection and
 * supplier columns pinned; no column is ever hidden.
 */
export const SELECT_WIDTH = 42;
export const SUPPLIER_MIN_WIDTH = 80;
const DATE_WIDTH = 92;
/** The rate order's chip: the rate (on two lines when it says more); its full sentence is the title. */
const RATE_ORDER_WIDTH = 72;

/**
 * The table's columns, dates with an abbreviated month so that they are never cut in either
 * language.
 * The table's layout is fixed, so a new page never moves a column.
 */
export function useColumns(): Column[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const dateWidth = DATE_WIDTH;
    return [
      { field: 'sName', label: t('invoices.columns.supplier'), sortable: true },
      {
        field: 'dPurchaseDate',
        label: t('invoices.columns.purchaseDate'),
        width: dateWidth,
        sortable: true,
      },
      { field: 'dDueDate', label: t('invoices.columns.dueDate'), width: dateWidth, sortable: true },
      { field: 'sInvoice', label: t('invoices.columns.invoice'), width: 72, sortable: true },
      { field: 'sStatusId', label: t('invoices.columns.status'), width: 88, sortable: true },
      {
        field: 'rateOrder',
        label: t('invoices.rateOrder.column'),
        width: RATE_ORDER_WIDTH,
        sortable: false,
      },
      {
        field: 'dTotalAmount',
        label: t('invoices.columns.totalMxn'),
        width: 96,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dRateProtection',
        label: t('invoices.columns.rateProtection'),
        width: 76,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dProfitPercentage',
        label: t('invoices.columns.profitPercent'),
        width: 68,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dCurrencyGain',
        label: t('invoices.columns.currencyGain'),
        width: 80,
        numeric: true,
        sortable: true,
      },
      { field: 'actions', label: t('finance.actions'), width: 112, sortable: false },
    ];
  }, [t]);
}

/** The first load's skeleton: as many rows as fill the overlay's height. */
export const SKELETON_ROWS = 5;
