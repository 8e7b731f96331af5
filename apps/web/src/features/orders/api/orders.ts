import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { OrderStatus, OrderTab } from '../order-tabs';

/** Whose orders: the buyer's purchases (orders/…) or the grower's sales (vendor/orders/…). */
export type OrderSide = 'buyer' | 'vendor';

/** GET orders/{orderId} (and vendor/orders/{orderId}). */
export type Order = ApiAnswer<'get', 'orders/{orderId}'>['order'];

/** A page of GET orders?tab=… (and GET vendor/orders?tab=…). */
export type OrderList = ApiAnswer<'get', 'orders'>;

/** A row of GET orders?tab=… (and GET vendor/orders?tab=…). */
export type OrderSummary = OrderList['orders'][number];

export type PaymentStatus = OrderSummary['sPaymentStatus'];

/** An order line with the specification's fields (§3 "Order line fields"). */
export type OrderLine = Order['lines'][number];

export type OrderFee = Order['fees'][number];

export type TimelineStep = Order['timeline'][number];

export type Transport = Order['transports'][number];

export type OrderPayment = Order['payment'];

/** The order's three-party money: held, refunded, paid out to the grower. */
export type OrderMoney = Order['money'];

export type DeliveredLine = ApiBody<'post', 'vendor/orders/{orderId}/delivery'>['lines'][number];

/** A grower's raised price waiting for the buyer (null when none). */
export type PriceChange = Order['priceChange'];

export type ReceivedLine = NonNullable<
  NonNullable<ApiBody<'post', 'orders/{orderId}/accept'>>['lines']
>[number];

/** Server texts (status and fee names) follow the language, so it is part of every key. */
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'list'] as const,
  list: (side: OrderSide, tab: OrderTab, page: number, limit: number, language: string) =>
    [...ordersKeys.lists(), side, tab, page, limit, language] as const,
  details: () => [...ordersKeys.all, 'detail'] as const,
  detail: (side: OrderSide, orderId: string, language: string) =>
    [...ordersKeys.details(), side, orderId, language] as const,
};

export function getOrders(
  side: OrderSide,
  tab: OrderTab,
  page: number,
  limit: number,
): Promise<OrderList> {
  const query = { tab, page, limit };
  return side === 'vendor' ? apiGet('vendor/orders', { query }) : apiGet('orders', { query });
}

export function ordersQueryOptions(
  side: OrderSide,
  tab: OrderTab,
  page: number,
  limit: number,
  language: string,
) {
  return queryOptions({
    queryKey: ordersKeys.list(side, tab, page, limit, language),
    queryFn: () => getOrders(side, tab, page, limit),
    placeholderData: keepPreviousData,
  });
}

/** One page of one tab; `page` is 1-based as the API counts. */
export function useOrdersQuery(side: OrderSide, tab: OrderTab, page: number, limit: number) {
  const language = useLanguage();
  return useQuery(ordersQueryOptions(side, tab, page, limit, language));
}

export async function getOrder(side: OrderSide, orderId: string): Promise<Order> {
  const params = { orderId };
  const answer =
    side === 'vendor'
      ? await apiGet('vendor/orders/{orderId}', { params })
      : await apiGet('orders/{orderId}', { params });
  return answer.order;
}

export function orderQueryOptions(side: OrderSide, orderId: string, language: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(side, orderId, language),
    queryFn: () => getOrder(side, orderId),
    staleTime: 0,
    // A language switch refetches the order's texts while the page keeps showing it.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === orderId ? previous : undefined,
  });
}

export function useOrderQuery(side: OrderSide, orderId: string) {
  const language = useLanguage();
  return useQuery({ ...orderQueryOptions(side, orderId, language), meta: { errorToast: false } });
}

/** Every write changes the order, its tab and its timeline: reload every order read. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersKeys.all });
}

/** POST orders/:id/pay (DEFERRED, FORWARD) with the confirm dialog's Idempotency-Key. */
export function usePayOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; quoteId?: string; idempotencyKey: string }) =>
      apiPost('orders/{orderId}/pay', {
        params: { orderId: input.orderId },
        body: input.quoteId ? { sExchangeRateReference: input.quoteId } : {},
        idempotencyKey: input.idempotencyKey,
      }),
    onSuccess,
    meta: { errorToast: false },
  });
}

/** POST orders/:id/accept with the buyer's own count per line. */
export function useAcceptOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; lines: ReceivedLine[] }) =>
      apiPost('orders/{orderId}/accept', {
        params: { orderId: input.orderId },
        body: { lines: input.lines },
      }),
    onSuccess,
  });
}

/** POST orders/:id/price-change/accept or …/reject: the buyer's answer to a raised price. */
export function useDecidePriceChange() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; decision: 'accept' | 'reject' }) =>
      input.decision === 'accept'
        ? apiPost('orders/{orderId}/price-change/accept', { params: { orderId: input.orderId } })
        : apiPost('orders/{orderId}/price-change/reject', { params: { orderId: input.orderId } }),
    onSuccess,
  });
}

export function useRateOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; iStars: number; sComment?: string }) =>
      apiPost('orders/{orderId}/rating', {
        params: { orderId: input.orderId },
        body: {
          iStars: input.iStars,
          ...(input.sComment ? { sComment: input.sComment } : {}),
        },
      }),
    onSuccess,
  });
}

/** POST vendor/orders/:id/status: the next status only (the order's sNextStatus). */
export function useAdvanceOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; status: OrderStatus }) =>
      apiPost('vendor/orders/{orderId}/status', {
        params: { orderId: input.orderId },
        body: { sStatus: input.status },
      }),
    onSuccess,
  });
}

export function useRecordDelivery() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; lines: DeliveredLine[] }) =>
      apiPost('vendor/orders/{orderId}/delivery', {
        params: { orderId: input.orderId },
        body: { lines: input.lines },
      }),
    onSuccess,
    meta: { errorToast: false },
  });
}
