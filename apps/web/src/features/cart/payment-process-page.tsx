import {
  convertUsdToMxn,
  moneyToNumber,
  parseMoney,
  parseRate,
  todayInTimeZone,
} from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { quoteDeadline, useCountdown } from '../../components/use-countdown';
import { isQuoteError, notifyQuoteRefreshed } from '../../lib/finance/quote-errors';
import { financeKeys, useDashboardQuery, useIdempotencyKey } from '../../lib/finance/queries';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useSeenQuote } from '../../lib/finance/use-seen-quote';
import { QuoteChangedNotice } from '../../components/quote-changed-notice';
import type { ProviderCart } from './api/cart';
import { cartKeys, useCartQuery } from './api/cart';
import type { CheckoutBody, PaymentMethod } from './api/checkout';
import {
  checkout,
  useCheckoutPreviewQuery,
  useCheckoutWarehousesQuery,
  useForwardRateMutation,
} from './api/checkout';
import { BankDetails } from './components/bank-details';
import { CheckoutConfirmDialog } from './components/checkout-confirm-dialog';
import { CheckoutWarehouseSection } from './components/checkout-warehouse-section';
import { ForwardRatePicker, type ForwardChoice } from './components/forward-rate-picker';
import { CartEmptyState, CartLoadError } from './components/cart-notices';
import { CheckoutPreviewCard } from './components/checkout-preview';
import { CheckoutSummary } from './components/checkout-summary';
import { FailedToBuyDialog } from './components/failed-to-buy-dialog';
import { PaymentMethodOptions } from './components/payment-method-options';
import { RateLine } from './components/rate-line';
import { isHeldForApproval } from '../../lib/api/held-for-approval';
import { formatQuoteRate } from '../../components/format-rate';
import { WithReason } from '../../components/with-reason';
import { useWriteGuard } from '../../lib/team-role';

function Checkout({ cart }: { cart: ProviderCart }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rateText = (rate: number) => t('cart.checkout.rateValue', { rate: formatQuoteRate(rate) });

  const warehouses = useCheckoutWarehousesQuery();
  const dashboard = useDashboardQuery();
  const forwardRate = useForwardRateMutation();

  const [chosenWarehouse, setChosenWarehouse] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('PAY_NOW');
  const [today] = useState(() => todayInTimeZone(new Date()));
  const [forwardDate, setForwardDate] = useState<string | null>(null);
  const [forwardDateInvalid, setForwardDateInvalid] = useState(false);
  const [forwardQuote, setForwardQuote] = useState<ForwardChoice | null>(null);
  const [forwardExpired, setForwardExpired] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const idempotencyKey = useIdempotencyKey(confirmOpen);

  const list = warehouses.data ?? [];
  const warehouseId = list.some((item) => item.sWarehouseId === chosenWarehouse)
    ? chosenWarehouse
    : (list[0]?.sWarehouseId ?? '');
  const warehouse = list.find((item) => item.sWarehouseId === warehouseId);

  const quote = dashboard.data;
  const seconds = useCountdown({
    deadline: quote ? quoteDeadline(dashboard.dataUpdatedAt, quote.quoteExpiresAt) : undefined,
    resetKey: dashboard.dataUpdatedAt,
    onZero: () => void dashboard.refetch(),
    running: Boolean(quote),
  });

  const refreshAfterQuoteError = () => {
    void queryClient.invalidateQueries({ queryKey: financeKeys.dashboard() });
    if (method === 'FORWARD') setForwardQuote(null);
    // The rate changed under the buyer: never a raw error, a plain notice to review.
    notifyQuoteRefreshed();
  };

  const place = useMutation({
    mutationFn: (body: CheckoutBody) => checkout(body, idempotencyKey),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      setConfirmOpen(false);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: financeKeys.dashboard() });
      if (isHeldForApproval(answer)) {
        showSuccessToast(t('team.heldForApproval'));
        void navigate(`/approvals/${answer.approval.sApprovalId}`);
        return;
      }
      showSuccessToast(t('cart.checkout.placed'));
      void navigate(`/order-detail/in-process/${answer.order.sOrderId}`);
    },
    onError: (error) => {
      if (isQuoteError(error) && method !== 'FORWARD') {
        // The review stays open on the new spot quote, shown beside the old one if the rate
        // moved, for the buyer to confirm again.
        void dashboard.refetch();
        notifyQuoteRefreshed();
        return;
      }
      setConfirmOpen(false);
      if (isQuoteError(error)) refreshAfterQuoteError();
      else setFailure(error);
    },
  });

  const getForwardRate = () => {
    if (!forwardDate || !quote) return;
    setForwardExpired(false);
    forwardRate.mutate(
      { date: forwardDate, spotReference: quote.exchangeRateTodayReference },
      {
        onSuccess: (answer) =>
          setForwardQuote({ ...answer, date: forwardDate, fetchedAt: Date.now() }),
        onError: (error) => {
          if (isQuoteError(error)) refreshAfterQuoteError();
          else showErrorToast(error);
        },
      },
    );
  };

  const body: CheckoutBody | null = (() => {
    if (!warehouseId || !quote) return null;
    if (method === 'FORWARD') {
      if (!forwardQuote) return null;
      return {
        sVendorId: cart.sProviderId,
        sWarehouseId: warehouseId,
        sPaymentMethod: method,
        sExchangeRateReference: forwardQuote.uuid,
        dExchangeRate: forwardQuote.rate,
        dForwardDate: forwardQuote.date,
      };
    }
    return {
      sVendorId: cart.sProviderId,
      sWarehouseId: warehouseId,
      sPaymentMethod: method,
      sExchangeRateReference: quote.exchangeRateTodayReference,
      dExchangeRate: quote.exchangeRateToday,
    };
  })();

  const balance = quote?.balances.balanceUsd.balance;
  const paysFromBalance = method === 'PAY_NOW' || method === 'CONVERT_MXN';
  // The total the checkout will charge: the same pricing, asked for this very body.
  const previewQuery = useCheckoutPreviewQuery(body);
  const preview = previewQuery.isPlaceholderData ? undefined : previewQuery.data;
  // A quote refreshed while the review is open is announced, and confirming waits for the
  // buyer to take the new figures: nothing is bought at a rate they did not see.
  const shown = useSeenQuote(
    confirmOpen,
    body ? { rate: body.dExchangeRate, reference: body.sExchangeRateReference } : undefined,
  );
  // The order's USD does not follow the rate (prices and fees are in USD); its pesos do.
  const totalUsd = previewQuery.data?.dTotal;
  const mxnAt = (rate: number) =>
    totalUsd === undefined
      ? '…'
      : `${formatMoney(moneyToNumber(convertUsdToMxn(parseMoney(totalUsd), parseRate(rate))))} MXN`;

  const spotRate = quote ? (
    <RateLine
      label={t('cart.checkout.rate')}
      value={rateText(quote.exchangeRateToday)}
      seconds={seconds}
      expiresText={t('cart.checkout.rateExpires', { seconds: String(seconds) })}
      testId="spot-rate"
    />
  ) : dashboard.isError ? (
    <CartLoadError
      message={t('cart.checkout.rateFailed')}
      onRetry={() => void dashboard.refetch()}
    />
  ) : (
    <Typography color="text.secondary">{t('cart.checkout.rateLoading')}</Typography>
  );

  return (
    <>
      {cart.bChanged && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/shopping-cart" color="inherit" size="small">
              {t('cart.checkout.backToCart')}
            </Button>
          }
        >
          {t('cart.checkout.changedWarning')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 400px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <CheckoutWarehouseSection
            warehouses={warehouses}
            warehouseId={warehouseId}
            onChange={setChosenWarehouse}
          />

          <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
            <PaymentMethodOptions value={method} onChange={setMethod} />

            <Box
              sx={{ mt: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
              data-testid="method-details"
            >
              {method !== 'FORWARD' && spotRate}
              {paysFromBalance && (
                <>
                  <Typography>
                    {t('cart.checkout.usdBalance')}:{' '}
                    <strong data-testid="usd-balance">
                      {balance === undefined ? '…' : `${formatMoney(balance)} USD`}
                    </strong>
                  </Typography>
                  {balance !== undefined && preview !== undefined && balance < preview.dTotal && (
                    <Alert
                      severity="warning"
                      action={
                        <Button component={RouterLink} to="/exchange" color="inherit" size="small">
                          {t('cart.checkout.addFunds')}
                        </Button>
                      }
                    >
                      {t('money.preview.balanceLow')}
                    </Alert>
                  )}
                </>
              )}
              {method === 'DEFERRED' && <BankDetails />}
              {method === 'FORWARD' && (
                <>
                  {spotRate}
                  <ForwardRatePicker
                    today={today}
                    forwardDate={forwardDate}
                    forwardDateInvalid={forwardDateInvalid}
                    onDateChange={(date, rejected) => {
                      setForwardDate(date);
                      setForwardDateInvalid(rejected);
                      setForwardQuote(null);
                      setForwardExpired(false);
                    }}
                    canAsk={Boolean(forwardDate && quote)}
                    asking={forwardRate.isPending}
                    onAsk={getForwardRate}
                    forwardQuote={forwardQuote}
                    forwardExpired={forwardExpired}
                    running={!confirmOpen}
                    onExpired={() => {
                      setForwardQuote(null);
                      setForwardExpired(true);
                    }}
                  />
                </>
              )}
            </Box>
          </Paper>
        </Box>

        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <CheckoutSummary cart={cart}>
            <CheckoutPreviewCard
              preview={previewQuery.data}
              loading={previewQuery.isFetching}
              error={previewQuery.isError}
              onRetry={() => void previewQuery.refetch()}
            />
            <Divider sx={{ my: 2 }} />
            <WithReason reason={writeBlocked}>
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={!body || cart.bChanged || !preview}
                onClick={() => setConfirmOpen(true)}
              >
                {t('cart.checkout.buy')}
              </Button>
            </WithReason>
          </CheckoutSummary>
        </Box>
      </Box>

      <CheckoutConfirmDialog
        open={confirmOpen}
        cart={cart}
        warehouseName={warehouse?.sName ?? ''}
        method={method}
        body={body}
        preview={preview}
        busy={place.isPending}
        rateText={rateText}
        rateChange={
          shown.changed && (
            <QuoteChangedNotice
              before={shown.changed.before.rate}
              after={shown.changed.after.rate}
              figures={[
                {
                  label: t('money.preview.confirmTotalMxn'),
                  before: mxnAt(shown.changed.before.rate),
                  after: mxnAt(shown.changed.after.rate),
                },
              ]}
              onAccept={shown.accept}
            />
          )
        }
        onCancel={() => {
          setConfirmOpen(false);
          void dashboard.refetch();
        }}
        onConfirm={() => {
          if (body && !shown.changed) place.mutate(body);
        }}
      />

      <FailedToBuyDialog
        error={failure}
        onGoToCart={() => {
          setFailure(null);
          void queryClient.invalidateQueries({ queryKey: cartKeys.all });
          void navigate('/shopping-cart');
        }}
      />
    </>
  );
}

function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('cart.checkout.loading')}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 400px' } }}
    >
      <Box>
        <Skeleton variant="rectangular" height={120} sx={{ mb: 3 }} />
        <Skeleton variant="rectangular" height={320} />
      </Box>
      <Skeleton variant="rectangular" height={360} />
    </Box>
  );
}

/** /payment-process/?vendor=<id>: checkout of one grower's cart. */
export function PaymentProcessPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const vendorId = searchParams.get('vendor') ?? '';
  const buyer = session?.user.sRole === 'customer';
  const cart = useCartQuery({ enabled: buyer });
  const vendorCart = cart.data?.results.find((item) => item.sProviderId === vendorId);

  let content;
  if (!buyer) {
    content = (
      <Alert severity="info">
        {session?.user.sRole === 'vendor'
          ? t('cart.checkout.vendorsCannotBuy')
          : t('cart.cart.operatorsCannotBuy')}
      </Alert>
    );
  } else if (cart.isError) {
    content = <CartLoadError message={t('cart.cart.failed')} onRetry={() => void cart.refetch()} />;
  } else if (!cart.data) {
    content = <CheckoutSkeleton />;
  } else if (!vendorCart) {
    content = (
      <CartEmptyState
        message={t('cart.checkout.noCart')}
        action={
          <Button component={RouterLink} to="/shopping-cart" variant="contained">
            {t('cart.checkout.backToCart')}
          </Button>
        }
      />
    );
  } else {
    content = <Checkout key={vendorCart.sProviderId} cart={vendorCart} />;
  }

  return (
    <PageFrame title={t('cart.checkout.title')} subtitle={t('cart.checkout.subtitle')}>
      {content}
    </PageFrame>
  );
}
