import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { useIdempotencyKey } from '../../lib/finance/queries';
import type { Transaction } from '../../lib/finance/types';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useActiveForwardsQuery, useCloseForwardMutation } from './api/conversions-api';
import { BalanceCard } from './components/balance-card';
import { ConversionDetailDialog } from './components/conversion-detail-dialog';
import { conversionColumns } from './components/conversion-columns';
import { ConversionsGrid } from './components/conversions-grid';
import { TotalGain } from './components/gain-text';
import { TableToolbar } from '../../components/table-toolbar';
import { useLoadFailureRedirect } from './use-load-failure-redirect';
import { isForwardDue } from '../../lib/finance/forwards';
import { formatQuoteRate } from '../../components/format-rate';
import { useWriteGuard } from '../../lib/team-role';

/** /forwards 'Forwards Activos': open forwards, their held deposits, and their settlement. */
export function ForwardsPage() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const forwards = useActiveForwardsQuery();
  useLoadFailureRedirect(forwards.error);
  const close = useCloseForwardMutation();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [settling, setSettling] = useState<Transaction | null>(null);
  const idempotencyKey = useIdempotencyKey(settling !== null);
  const headingId = useId();

  const columns = useMemo(
    () =>
      conversionColumns({
        kind: 'forwards',
        t,
        language,
        renderActions: (row) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title={t('forwards.edit')}>
              <IconButton
                size="small"
                aria-label={`${t('forwards.edit')} #${String(row.iTrackingId)}`}
                onClick={() => setDetailId(row.sTransactionId)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={writeBlocked ?? t('forwards.requestPayment')}>
              {/* A span keeps the tooltip working on a disabled button. */}
              <span>
                <IconButton
                  size="small"
                  color="primary"
                  aria-label={`${t('forwards.requestPayment')} #${String(row.iTrackingId)}`}
                  disabled={!isForwardDue(row) || writeBlocked !== undefined}
                  onClick={() => setSettling(row)}
                >
                  <PaymentsOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ),
      }),
    [t, language, writeBlocked],
  );

  const onSettle = () => {
    if (!settling) return;
    close.mutate(
      { transactionId: settling.sTransactionId, idempotencyKey },
      {
        onSuccess: () => {
          showSuccessToast(t('forwards.paid'));
          setSettling(null);
        },
        onError: (error) => showErrorToast(error),
      },
    );
  };

  const data = forwards.data;
  return (
    <PageFrame title={t('forwards.title')} subtitle={t('forwards.subtitle')}>
      <BalanceCard
        label={t('forwards.balances')}
        figures={[
          {
            label: t('forwards.balanceUsd'),
            amount: data?.balance.balanceUsd.balance,
            currency: 'USD',
            testId: 'balance-usd',
          },
          {
            label: t('forwards.blocked'),
            amount: data?.dBlockedUsd,
            currency: 'USD',
            hint: t('forwards.blockedHint'),
            testId: 'blocked-usd',
          },
        ]}
      />
      <Paper variant="outlined" component="section" aria-labelledby={headingId}>
        <TableToolbar headingId={headingId} heading={t('forwards.tableTitle')}>
          <TotalGain value={data?.totalProfit} loading={forwards.isPending} />
          <ExportButton
            fileName="ForwardActivos.xlsx"
            columns={columns.excel}
            rows={data?.forwards ?? []}
            disabled={forwards.isPending}
          />
        </TableToolbar>
        <ConversionsGrid
          label={t('forwards.tableTitle')}
          columns={columns.grid}
          rows={data?.forwards ?? []}
          loading={forwards.isPending}
          emptyText={t('forwards.empty')}
        />
      </Paper>

      <ConversionDetailDialog
        transactionId={detailId}
        kind="forwards"
        onClose={() => setDetailId(null)}
      />
      <ConfirmDialog
        open={settling !== null}
        title={t('forwards.confirmTitle')}
        confirmLabel={t('forwards.pay')}
        cancelLabel={t('finance.close')}
        busy={close.isPending}
        onConfirm={onSettle}
        onCancel={() => {
          setSettling(null);
          void forwards.refetch();
        }}
      >
        <Typography sx={{ mb: 1.5 }}>{t('forwards.confirmText')}</Typography>
        {settling && (
          <Typography sx={{ fontWeight: 600 }}>
            {t('forwards.confirmSummary', {
              id: String(settling.iTrackingId),
              usd: formatMoney(settling.dAmount),
              rate: formatQuoteRate(settling.dExchangeRate),
              mxn: formatMoney(settling.dDesAmount),
            })}
          </Typography>
        )}
      </ConfirmDialog>
    </PageFrame>
  );
}
