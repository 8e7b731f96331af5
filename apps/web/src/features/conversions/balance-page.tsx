import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { financeKeys } from '../../lib/finance/queries';
import type { Transaction } from '../../lib/finance/types';
import { conversionKeys, useAvailableConversionsQuery } from './api/conversions-api';
import { BalanceCard } from './components/balance-card';
import { ConversionDetailDialog } from './components/conversion-detail-dialog';
import { useViewableConversionColumns } from './components/conversion-columns';
import { ConversionsGrid } from './components/conversions-grid';
import { TotalGain } from './components/gain-text';
import { MexicanFlag } from './components/mexican-flag';
import { PayConversionDialog } from './components/pay-conversion-dialog';
import { TableToolbar } from '../../components/table-toolbar';
import { useLoadFailureRedirect } from './use-load-failure-redirect';
import { useWriteGuard } from '../../lib/team-role';
import { WithReason } from '../../components/with-reason';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** /balance 'Saldo disponible MXN': conversions with pesos left, paid out to suppliers. */
export function BalancePage() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const queryClient = useQueryClient();
  const conversions = useAvailableConversionsQuery();
  useLoadFailureRedirect(conversions.error);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [paying, setPaying] = useState<Transaction | null>(null);
  const headingId = useId();

  const columns = useViewableConversionColumns('balance', setDetailId);

  const rows = conversions.data?.transactions ?? [];
  const [selectedId] = selection.type === 'include' ? [...selection.ids] : [];
  const selected = rows.find((row) => row.sTransactionId === selectedId) ?? null;

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversionKeys.all }),
      queryClient.invalidateQueries({ queryKey: financeKeys.paymentRecipients() }),
    ]);

  return (
    <PageFrame title={t('conversions.balance.title')} subtitle={t('conversions.balance.subtitle')}>
      <BalanceCard
        label={t('conversions.balance.card')}
        emblem={<MexicanFlag label={t('conversions.balance.flag')} />}
        figures={[
          {
            label: t('conversions.balance.card'),
            amount: conversions.data?.balance.balanceMxn.balance,
            currency: 'MXN',
            testId: 'balance-mxn',
          },
        ]}
      />
      <Paper variant="outlined" component="section" aria-labelledby={headingId}>
        <TableToolbar headingId={headingId} heading={t('conversions.balance.table')}>
          <TotalGain value={conversions.data?.totalProfit} loading={conversions.isPending} />
          <ExportButton
            fileName="ConversionesDisponibles.xlsx"
            columns={columns.excel}
            rows={rows}
            disabled={conversions.isPending}
          />
          <WithReason reason={writeBlocked}>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              disabled={!selected}
              onClick={() => setPaying(selected)}
            >
              {t('conversions.balance.pay')}
            </Button>
          </WithReason>
        </TableToolbar>
        <ConversionsGrid
          label={t('conversions.balance.table')}
          columns={columns.grid}
          rows={rows}
          loading={conversions.isPending}
          emptyText={t('conversions.balance.empty')}
          selection={{ model: selection, onChange: setSelection }}
        />
      </Paper>

      <ConversionDetailDialog
        transactionId={detailId}
        kind="balance"
        onClose={() => setDetailId(null)}
        onPayInvoices={(transaction) => setPaying(transaction)}
      />
      <PayConversionDialog
        transaction={paying}
        onCancel={() => {
          setPaying(null);
          void reload();
        }}
        onPaid={() => {
          setPaying(null);
          setDetailId(null);
          setSelection(NO_SELECTION);
          void reload();
        }}
      />
    </PageFrame>
  );
}
