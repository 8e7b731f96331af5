import AddCardIcon from '@mui/icons-material/AddCard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import SendIcon from '@mui/icons-material/Send';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DialogLoading } from '../../components/dialog-loading';
import { PageFrame } from '../../components/page-frame';
import { useWriteGuard } from '../../lib/team-role';
import { WithReason } from '../../components/with-reason';
import { quoteDeadline } from '../../components/use-countdown';
import { isApiError } from '../../lib/api-client';
import { financeKeys, useDashboardQuery } from '../../lib/finance/queries';
import { formatMoney } from '../../lib/format';
import { showSuccessToast } from '../../lib/toast';
import { QuoteCountdown } from './components/countdown-text';
import { OverdueForwardsAlert } from './components/overdue-forwards-alert';
import { RateHistorySection } from './components/rate-history-section';
import { CounterCard, FigureCard } from './components/summary-cards';
import { formatCardRate } from '../../components/format-rate';
import { LoadError } from '../../components/load-error';

// The dialogs are their own chunks (with @app/domain and zod): fetched when the user
// points at a button, at the latest when it is clicked. The first load stays small.
const loadSendPayment = () => import('./components/send-payment-dialog');
const loadConvert = () => import('./components/convert-dialog');
const loadForward = () => import('./components/forward-dialog');
const loadAddFunds = () => import('./components/add-funds-dialog');

const SendPaymentDialog = lazy(async () => ({
  default: (await loadSendPayment()).SendPaymentDialog,
}));
const ConvertDialog = lazy(async () => ({ default: (await loadConvert()).ConvertDialog }));
const ForwardDialog = lazy(async () => ({ default: (await loadForward()).ForwardDialog }));
const AddFundsDialog = lazy(async () => ({ default: (await loadAddFunds()).AddFundsDialog }));

type DialogName = 'send' | 'convert' | 'forward' | 'addFunds';

/** While one of these is open the page does not reload the quote under the user. */
const MONEY_DIALOGS: ReadonlySet<DialogName> = new Set(['send', 'convert', 'forward']);

const CLIENT_ERROR_CODES = new Set(['NETWORK_ERROR', 'UNEXPECTED_RESPONSE']);

/**
 * A failed load that the server answered with an error code sends the user to /welcome
 * (spec §2); a 403 is the session-ended dialog's, and an unreachable server gets the
 * error state with a retry.
 */
function redirectsToWelcome(error: unknown): boolean {
  return isApiError(error) && error.status !== 403 && !CLIENT_ERROR_CODES.has(error.code);
}

const threeColumns = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  gap: { xs: 2, lg: 3 },
} as const;

/**
 * The exchange dashboard: today's rate, balances, operations and counters. The app puts
 * what stands above the figures (the pending approvals); the figures wait until it is ready,
 * so that it never pushes them down after they painted.
 */
export function ExchangePage({
  aboveFigures,
  aboveFiguresReady,
}: {
  aboveFigures: ReactNode;
  aboveFiguresReady: boolean;
}) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const queryClient = useQueryClient();
  const dashboard = useDashboardQuery();
  const { data } = dashboard;
  const [dialog, setDialog] = useState<DialogName | null>(null);

  const onQuoteZero = () => {
    // A money dialog refreshes its own rate; the page waits for it to close.
    if (dialog !== null && MONEY_DIALOGS.has(dialog)) return;
    void dashboard.refetch();
  };

  const closeDialog = () => setDialog(null);
  const cancelDialog = () => {
    setDialog(null);
    void dashboard.refetch();
  };
  const finishDialog = (message: string) => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: financeKeys.all });
    showSuccessToast(message);
  };

  if (!data && dashboard.isError && redirectsToWelcome(dashboard.error)) {
    return <Navigate to="/welcome" replace />;
  }

  const actionButton = (
    name: DialogName,
    label: string,
    icon: ReactNode,
    preload: () => Promise<unknown>,
    variant: 'contained' | 'outlined' = 'outlined',
  ) => (
    <WithReason reason={writeBlocked}>
      <Button
        variant={variant}
        startIcon={icon}
        disabled={!data}
        onClick={() => setDialog(name)}
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
      >
        {label}
      </Button>
    </WithReason>
  );

  const balances = data?.balances;

  return (
    <PageFrame
      title={t('pages.exchange')}
      subtitle={t('exchange.subtitle')}
      actions={
        <Box
          role="group"
          aria-label={t('exchange.actions.label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {actionButton(
            'send',
            t('exchange.actions.sendPayment'),
            <SendIcon />,
            loadSendPayment,
            'contained',
          )}
          {actionButton('convert', t('exchange.actions.convert'), <SwapHorizIcon />, loadConvert)}
          {actionButton('forward', t('exchange.actions.forward'), <EventRepeatIcon />, loadForward)}
        </Box>
      }
    >
      {aboveFiguresReady && (
        <>
          {aboveFigures}
          {!data && dashboard.isError && (
            <LoadError
              message={t('exchange.loadFailed')}
              retryLabel={t('exchange.retry')}
              onRetry={() => void dashboard.refetch()}
              sx={{ mb: 2 }}
            />
          )}

          <Box sx={threeColumns}>
            <FigureCard
              title={t('exchange.rate.title')}
              value={data ? formatCardRate(data.exchangeRateToday) : undefined}
              unit={t('exchange.rate.unit')}
              testId="rate-today"
            >
              <QuoteCountdown
                deadline={
                  data ? quoteDeadline(dashboard.dataUpdatedAt, data.quoteExpiresAt) : undefined
                }
                resetKey={dashboard.dataUpdatedAt}
                onZero={onQuoteZero}
                ready={Boolean(data)}
              />
            </FigureCard>
            <FigureCard
              title={t('exchange.balances.usd')}
              value={balances ? formatMoney(balances.balanceUsd.balance) : undefined}
              unit="USD"
              testId="balance-usd"
            >
              <Button
                size="small"
                variant="outlined"
                startIcon={<AddCardIcon />}
                disabled={!data}
                onClick={() => setDialog('addFunds')}
                onPointerEnter={() => void loadAddFunds()}
                onFocus={() => void loadAddFunds()}
              >
                {t('exchange.balances.addFunds')}
              </Button>
            </FigureCard>
            <FigureCard
              title={t('exchange.balances.mxn')}
              value={balances ? formatMoney(balances.balanceMxn.balance) : undefined}
              unit="MXN"
              testId="balance-mxn"
            />
          </Box>

          <Box sx={{ ...threeColumns, mt: { xs: 2, lg: 3 } }}>
            <CounterCard
              label={t('exchange.counters.invoices')}
              count={data?.unassignedInvoices}
              to="/invoices?status=pending"
              testId="counter-invoices"
            />
            <CounterCard
              label={t('exchange.counters.conversions')}
              count={data?.transactionsAvailable}
              to="/balance"
              testId="counter-conversions"
            />
            <CounterCard
              label={t('exchange.counters.forwards')}
              count={data?.forwardsActive}
              to="/forwards"
              testId="counter-forwards"
            />
          </Box>
          <OverdueForwardsAlert activeForwards={data?.forwardsActive} />

          <Box sx={{ mt: { xs: 2, lg: 3 } }}>
            <RateHistorySection ready={Boolean(data)} />
          </Box>
        </>
      )}

      {dialog !== null && (
        <Suspense fallback={<DialogLoading />}>
          {dialog === 'send' && (
            <SendPaymentDialog onCancel={cancelDialog} onSuccess={finishDialog} />
          )}
          {dialog === 'convert' && (
            <ConvertDialog onCancel={cancelDialog} onSuccess={finishDialog} />
          )}
          {dialog === 'forward' && (
            <ForwardDialog onCancel={cancelDialog} onSuccess={finishDialog} />
          )}
          {dialog === 'addFunds' && <AddFundsDialog onClose={closeDialog} />}
        </Suspense>
      )}
    </PageFrame>
  );
}
