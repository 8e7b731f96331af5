import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postMoney } from '../../../lib/finance/queries';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { OrderStatus, OrderTab, PaymentMethod } from '../order-tabs';

/** Whose orders: the buyer's purchases (orders/…) or the grower's sales (vendor/orders/…). */
export type OrderSide = 'buyer' | 'vendor';

export type PaymentStatus = 'PENDING' | 'PAID';

/** A row of GET orders?tab=… (and GET vendor/orders?tab=…). */
export interface OrderSummary {
  sOrderId: string;
  iTrackingId: number;
  created_at: string;
  sStatus: OrderStatus;
  sStatusName: string;
  sBuyerId: string;
  sBuyerName: string;
  sVendorId: string;
  sVendorName: string;
  sWarehouseId: string;
  sWarehouseName: string;
  dSubtotal: number;
  dFees: number;
  dTotal: number;
  dFinalPrice: number | null;
  iPallets: number;
  iTransports: number;
  iLines: number;
  sPaymentMethod: PaymentMethod;
  sPaymentStatus: PaymentStatus;
  sDisputeId: string | null;
  sDisputeStatus: 'IN_PROCESS' | 'FINALIZED' | null;
  bRated: boolean;
  delivered_at: string | null;
  finished_at: string | null;
}

/** An order line with the specification's fields (§3 "Order line fields"). */
export interface OrderLine {
  sLineId: string;
  sProductId: string;
  sProductName: string;
  /** The grower the line is bought from. */
  sName: string;
  dQuantity: number;
  dBoxesPerPallet: number;
  dPallets: number;
  dUnitPriceUSD: number;
  sLogisticCost: string;
  dTotalInOutPerBox: number;
  sTotalPerBox: string;
  sTotal: string;
  dDeliveredQuantity: number | null;
  dDeliveredUnitPrice: number | null;
  dFinalPrice: number | null;
}

export interface OrderFee {
  sFeeId: string;
  sFeeKey: string;
  sFeeName: string;
  dTotal: number;
}

export interface TimelineStep {
  sStatus: OrderStatus;
  sName: string;
  sNameEn: string;
  sNameSp: string;
  created_at: string | null;
  bReached: boolean;
  bCurrent: boolean;
}

export interface Transport {
  iNumber: number;
  iPallets: number;
  lines: Array<{ sLineId: string; sProductName: string; iPallets: number }>;
}

export interface OrderPayment {
  sMethod: PaymentMethod;
  sMethodName: string;
  sStatus: PaymentStatus;
  sPaymentId: string | null;
  sTransactionId: string | null;
  dAmountUsd: number;
  dAmountMxn: number | null;
  dExchangeRate: number | null;
  sExchangeRateReference: string | null;
  rate_locked_until: string | null;
  dForwardDate: string | null;
  paid_at: string | null;
}

/** GET orders/:id (and vendor/orders/:id). */
export interface Order extends OrderSummary {
  warehouse: {
    sWarehouseId: string;
    sName: string;
    sAddress: string;
    sCity: string;
    sState: string;
    sCountry: string;
    sPostalCode: string;
  };
  lines: OrderLine[];
  fees: OrderFee[];
  timeline: TimelineStep[];
  transports: Transport[];
  payment: OrderPayment;
  iOrderedBoxes: number;
  iDeliveredBoxes: number | null;
  rating: { iStars: number; sComment: string | null; created_at: string } | null;
  sNextStatus: OrderStatus | null;
  dispute_deadline: string | null;
  bCanAccept: boolean;
  bCanRate: boolean;
  bCanDispute: boolean;
}

export interface OrderList {
  orders: OrderSummary[];
  total: number;
  page: number;
  limit: number;
}

export interface DeliveredLine {
  sLineId: string;
  dDeliveredQuantity: number;
  dDeliveredUnitPrice?: number;
}

const basePath = (side: OrderSide) => (side === 'vendor' ? 'vendor/orders' : 'orders');

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
  const query = new URLSearchParams({ tab, page: String(page), limit: String(limit) });
  return apiRequest<OrderList>(`${basePath(side)}?${query.toString()}`);
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
  return (await apiRequest<{ order: Order }>(`${basePath(side)}/${encodeURIComponent(orderId)}`))
    .order;
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

const orderPath = (orderId: string, action: string) =>
  `orders/${encodeURIComponent(orderId)}/${action}`;

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
      postMoney<{ order: Order }>(
        orderPath(input.orderId, 'pay'),
        input.quoteId ? { sExchangeRateReference: input.quoteId } : {},
        input.idempotencyKey,
      ),
    onSuccess,
    meta: { errorToast: false },
  });
}

export function useAcceptOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<{ order: Order }>(orderPath(orderId, 'accept'), { method: 'POST' }),
    onSuccess,
  });
}

export function useRateOrder() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; iStars: number; sComment?: string }) =>
      apiRequest(orderPath(input.orderId, 'rating'), {
        method: 'POST',
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
      apiRequest<{ order: Order }>(`vendor/${orderPath(input.orderId, 'status')}`, {
        method: 'POST',
        body: { sStatus: input.status },
      }),
    onSuccess,
  });
}

export function useRecordDelivery() {
  const onSuccess = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { orderId: string; lines: DeliveredLine[] }) =>
      apiRequest<{ order: Order }>(`vendor/${orderPath(input.orderId, 'delivery')}`, {
        method: 'POST',
        body: { lines: input.lines },
      }),
    onSuccess,
    meta: { errorToast: false },
  });
}
