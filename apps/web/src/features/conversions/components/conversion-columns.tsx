import type { Language } from '@app/domain';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { excelDate, type ExcelColumn } from '../../../lib/excel';
import type { Transaction } from '../../../lib/finance/types';
import { CompactDate } from '../../../components/compact-date';
import { formatMoney } from '../../../lib/format';
import {
  firstPurchaseDate,
  instantToCalendarDate,
  invoiceNames,
  isForward,
} from '../conversion-math';
import { useLanguage } from '../../../lib/i18n/i18n';
import { GainText } from './gain-text';
import { PercentBar } from './percent-bar';
import { TransactionTypeChip } from './transaction-type-chip';
import { ViewDetailButton } from './view-detail-button';

/** Which screen a table is on: the columns differ a little. */
export type ConversionTableKind = 'forwards' | 'balance' | 'history';

interface ColumnSpec {
  field: string;
  header: string;
  grid: Omit<GridColDef<Transaction>, 'field' | 'headerName'>;
  excel: ExcelColumn<Transaction>['value'];
}

/**
 * The columns of the three conversion tables, once for the grid and once for the
 * exported sheet, so both always carry the same headers in the same order.
 */
export function conversionColumns(options: {
  kind: ConversionTableKind;
  t: TFunction;
  language: Language;
  renderActions: (row: Transaction) => ReactNode;
}): { grid: GridColDef<Transaction>[]; excel: ExcelColumn<Transaction>[] } {
  const { kind, t, language } = options;
  const createdOn = (row: Transaction) => instantToCalendarDate(row.created_at);
  const typeName = (row: Transaction) =>
    isForward(row) ? t('conversions.types.forward') : t('conversions.types.forex');
  const money = (value: number) => formatMoney(value);

  const specs: ColumnSpec[] = [
    {
      field: 'iTrackingId',
      header: t('conversions.columns.id'),
      grid: { type: 'number', minWidth: 36, flex: 0.3, align: 'left', headerAlign: 'left' },
      excel: (row) => row.iTrackingId,
    },
    {
      field: 'created_at',
      header:
        kind === 'forwards'
          ? t('forwards.columns.transactionDate')
          : t('conversions.columns.createdAt'),
      grid: {
        minWidth: 78,
        flex: 0.6,
        renderCell: ({ row }) => <CompactDate date={createdOn(row)} language={language} />,
      },
      excel: (row) => excelDate(createdOn(row)),
    },
    {
      field: 'sTransactionType',
      header: t('conversions.columns.type'),
      grid: {
        minWidth: 86,
        flex: 0.5,
        valueGetter: (_value, row) => typeName(row),
        renderCell: ({ row }: GridRenderCellParams<Transaction>) => (
          <TransactionTypeChip transaction={row} dueColours={kind === 'forwards'} />
        ),
      },
      excel: typeName,
    },
  ];
  if (kind === 'forwards') {
    specs.push(
      {
        field: 'dForwardTransactionDate',
        header: t('forwards.columns.dueDate'),
        grid: {
          minWidth: 82,
          flex: 0.6,
          renderCell: ({ row }) =>
            row.dForwardTransactionDate ? (
              <CompactDate date={row.dForwardTransactionDate} language={language} />
            ) : (
              ''
            ),
        },
        excel: (row) => excelDate(row.dForwardTransactionDate),
      },
      {
        field: 'iDaysRemaining',
        header: t('forwards.columns.missingDays'),
        grid: { type: 'number', minWidth: 68, flex: 0.4 },
        excel: (row) => row.iDaysRemaining,
      },
    );
  }
  specs.push(
    {
      field: 'dAmount',
      header: t('conversions.columns.totalUsd'),
      grid: {
        type: 'number',
        minWidth: 84,
        flex: 0.8,
        renderCell: ({ row }) => money(row.dAmount),
      },
      excel: (row) => row.dAmount,
    },
    {
      field: 'dDesAmount',
      header: t('conversions.columns.totalMxn'),
      grid: {
        type: 'number',
        minWidth: 90,
        flex: 0.9,
        renderCell: ({ row }) => money(row.dDesAmount),
      },
      excel: (row) => row.dDesAmount,
    },
    {
      field: 'dExchangeRate',
      header: t('conversions.columns.rate'),
      grid: {
        type: 'number',
        minWidth: 66,
        flex: 0.5,
        renderCell: ({ row }) => money(row.dExchangeRate),
      },
      excel: (row) => row.dExchangeRate,
    },
  );
  if (kind === 'balance') {
    specs.push({
      field: 'dPercentUsed',
      header: t('conversions.columns.assigned'),
      grid: {
        type: 'number',
        minWidth: 80,
        flex: 0.7,
        renderCell: ({ row }) => (
          <PercentBar value={row.dPercentUsed} label={t('conversions.columns.assigned')} />
        ),
      },
      excel: (row) => row.dPercentUsed,
    });
  }
  // The invoice columns say nothing a sort could use: not sortable (spec).
  specs.push(
    {
      field: 'invoice',
      header: t('conversions.columns.invoice'),
      grid: {
        minWidth: 60,
        flex: 0.8,
        sortable: false,
        valueGetter: (_value, row) => invoiceNames(row),
        // Several invoices may not fit: the cell's title holds them all.
        renderCell: ({ row }) => (
          <span title={invoiceNames(row)}>{invoiceNames(row) || t('finance.notAvailable')}</span>
        ),
      },
      excel: invoiceNames,
    },
    {
      field: 'purchaseDate',
      header: t('conversions.columns.purchaseDate'),
      grid: {
        minWidth: 78,
        flex: 0.6,
        sortable: false,
        valueGetter: (_value, row) => firstPurchaseDate(row),
        renderCell: ({ row }) => {
          const first = firstPurchaseDate(row);
          return first ? (
            <CompactDate date={first} language={language} />
          ) : (
            t('finance.notAvailable')
          );
        },
      },
      excel: (row) => excelDate(firstPurchaseDate(row)),
    },
    {
      field: 'dProfitPercentage',
      header: t('conversions.columns.profit'),
      grid: {
        type: 'number',
        minWidth: 64,
        flex: 0.5,
        sortable: kind !== 'forwards',
        renderCell: ({ row }) => <GainText value={row.dProfitPercentage} kind="percent" />,
      },
      excel: (row) => row.dProfitPercentage,
    },
    {
      field: 'dCurrencyGain',
      header: t('conversions.columns.gain'),
      grid: {
        type: 'number',
        minWidth: 76,
        flex: 0.6,
        sortable: kind !== 'forwards',
        renderCell: ({ row }) => <GainText value={row.dCurrencyGain} kind="usd" />,
      },
      excel: (row) => row.dCurrencyGain,
    },
  );

  const grid: GridColDef<Transaction>[] = specs.map((spec) => ({
    field: spec.field,
    headerName: spec.header,
    ...spec.grid,
  }));
  grid.push({
    field: 'actions',
    headerName: t('conversions.columns.actions'),
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    // Two icon buttons on /forwards, one elsewhere; the header 'Acciones' fits either.
    width: kind === 'forwards' ? 76 : 72,
    renderCell: ({ row }) => options.renderActions(row),
  });
  const excel = specs.map((spec) => ({ header: spec.header, value: spec.excel }));
  return { grid, excel };
}

/**
 * The columns hidden first when a conversion table is narrower than its columns' minimum
 * widths (a laptop): the least needed first. Actions are never hidden.
 */
/** The columns of the balance or the history table, each row with its 'View detail' button. */
export function useViewableConversionColumns(
  kind: 'balance' | 'history',
  onView: (conversionId: string) => void,
): ReturnType<typeof conversionColumns> {
  const { t } = useTranslation();
  const language = useLanguage();
  return useMemo(
    () =>
      conversionColumns({
        kind,
        t,
        language,
        renderActions: (row) => (
          <ViewDetailButton
            trackingId={row.iTrackingId}
            onClick={() => onView(row.sTransactionId)}
          />
        ),
      }),
    [kind, t, language, onView],
  );
}

export const CONVERSION_HIDE_ORDER = [
  'purchaseDate',
  'dProfitPercentage',
  'sTransactionType',
  'dExchangeRate',
  'iDaysRemaining',
  'dCurrencyGain',
  'created_at',
  'invoice',
  'dAmount',
  'iTrackingId',
] as const;
