import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactDate } from '../../../components/compact-date';
import { compactGridSx, pinnedColumnsSx } from '../../../components/fit-columns';
import { FittedDataGrid } from '../../../components/fitted-data-grid';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { StatementRow } from '../statement-rows';
import { useTypeLabel } from './use-type-label';
import { wrappingCellsSx } from '../../../components/data-grid-defaults';

/** A rate as Banxico publishes the FIX: up to four decimals. */
const rateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** An empty side of a movement shows nothing, so the other side stands out. */
const amountOrBlank = (value: number) => (value === 0 ? '' : formatMoney(value));

/** Compact headers, and cells that wrap (rows grow to fit), so the table needs less width. */
const gridSx = {
  bgcolor: 'background.paper',
  ...compactGridSx,
  // On a phone the date and the description (what the movement is) stay at the left.
  ...pinnedColumnsSx([
    { field: 'dDate', left: 0 },
    { field: 'sDescription', left: 80 },
  ]),
  ...wrappingCellsSx,
} as const;

/** Hidden first when the table is narrower than its columns; Actions never. */
const HIDE_ORDER = ['sType', 'sReference'];

/**
 * The movements with their running balance, in ledger order. Sorting is off: a running
 * balance read in another order would not add up.
 */
/** The page the table shows (0-based, as the grid counts). */
export interface StatementGridPage {
  page: number;
  pageSize: number;
}

interface StatementGridProps {
  /** The movements of the page shown. */
  rows: StatementRow[];
  loading: boolean;
  /** Movements in the whole period: the grid pages through them on the server. */
  total: number;
  paginationModel: StatementGridPage;
  onPaginationModelChange: (model: StatementGridPage) => void;
}

export function StatementGrid(props: StatementGridProps) {
  const { rows, loading, total, paginationModel, onPaginationModelChange } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const typeLabel = useTypeLabel();

  const columns = useMemo<GridColDef<StatementRow>[]>(
    () => [
      {
        field: 'dDate',
        headerName: t('statement.columns.date'),
        // 'May 28, 2026' whole (the month abbreviated, as every table's dates).
        width: 92,
        valueFormatter: (value: string) => formatDate(value, language),
        renderCell: ({ row }) =>
          row.dDate ? <CompactDate date={row.dDate} language={language} /> : null,
      },
      {
        field: 'sDescription',
        headerName: t('statement.columns.description'),
        minWidth: 170,
        flex: 1.6,
        // A payment names the account it was paid to then (the supplier's may differ now); a
        // conversion its rate, beside the FIX Banxico published for that day.
        renderCell: ({ row }) => {
          const notes = [
            ...(row.sPaidAccount ? [{ id: 'statement-paid-account', text: row.sPaidAccount }] : []),
            ...(row.dRate === null
              ? []
              : [
                  {
                    id: 'statement-rate',
                    text: [
                      t('statement.rateLine', { rate: rateFormat.format(row.dRate) }),
                      ...(row.referenceFix
                        ? [
                            t('statement.fixLine', {
                              date: formatDate(row.referenceFix.dDate, language),
                              rate: rateFormat.format(row.referenceFix.dRate),
                            }),
                          ]
                        : []),
                    ].join(' · '),
                  },
                ]),
          ];
          return notes.length === 0 ? (
            row.sDescription
          ) : (
            <Box component="span">
              {row.sDescription}
              {notes.map((note) => (
                <Box
                  key={note.id}
                  component="span"
                  data-testid={note.id}
                  sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}
                >
                  {note.text}
                </Box>
              ))}
            </Box>
          );
        },
      },
      {
        field: 'sType',
        headerName: t('statement.columns.type'),
        width: 100,
        valueFormatter: (value: string) => typeLabel(value),
      },
      {
        field: 'sReference',
        headerName: t('statement.columns.reference'),
        minWidth: 110,
        flex: 1,
        // Long ids stay on one line, cut with an ellipsis; the full text is in the title.
        renderCell: ({ value }: { value?: string | null }) => (
          <Box
            component="span"
            title={value ?? undefined}
            sx={{
              fontSize: '0.8125rem',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {value ?? ''}
          </Box>
        ),
      },
      {
        field: 'dDebit',
        headerName: t('statement.columns.debit'),
        type: 'number',
        width: 115,
        valueFormatter: amountOrBlank,
      },
      {
        field: 'dCredit',
        headerName: t('statement.columns.credit'),
        type: 'number',
        width: 115,
        valueFormatter: amountOrBlank,
      },
      {
        field: 'dBalance',
        headerName: t('statement.columns.balance'),
        type: 'number',
        width: 125,
        valueFormatter: (value: number) => formatMoney(value),
      },
    ],
    [t, language, typeLabel],
  );

  return (
    <FittedDataGrid
      label={t('statement.tableLabel')}
      rows={rows}
      columns={columns}
      hideOrder={HIDE_ORDER}
      emptyText={t('statement.empty')}
      loading={loading}
      disableColumnSorting
      rowCount={total}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[10, 25, 50, 100]}
      sx={gridSx}
    />
  );
}
