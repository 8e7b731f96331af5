/** The order tracking steps (spec §3), in order; FINISHED comes once the buyer accepts. */
export const ORDER_STATUSES = [
  'ORDER_RECEIVED',
  'IN_PREPARATION',
  'IN_TRANSIT',
  'IN_BORDER_CROSSING',
  'SUCCESSFUL_CROSSING',
  'BORDER_WAREHOUSE',
  'ACCEPTED_AT_BORDER_WAREHOUSE',
  'TRANSFERRED',
  'ON_DELIVERY_ROUTE',
  'DELIVERED',
  'FINISHED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['PAY_NOW', 'CONVERT_MXN', 'DEFERRED', 'FORWARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The order tabs by their number in the URL (/order/tab/:num): 0, 1, 2. */
export const ORDER_TABS = ['in-process', 'finalized', 'disputed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The tab of a `:num` route parameter, or null when it names none. */
export function orderTabOfParam(param: string | undefined): OrderTab | null {
  if (param === undefined || !/^\d$/.test(param)) return null;
  return ORDER_TABS[Number(param)] ?? null;
}

/** The `:num` of a tab. */
export function orderTabNumber(tab: OrderTab): number {
  return ORDER_TABS.indexOf(tab);
}

/** The `:type` of /order-detail/:type/:id is the tab the order was opened from. */
export function orderTabOfType(type: string | undefined): OrderTab {
  return ORDER_TABS.find((tab) => tab === type) ?? 'in-process';
}

/** The page sizes of the order lists. */
export const ORDER_PAGE_SIZES = [10, 20, 50];

/** The payment methods whose payment the buyer makes after checkout ('Pay now'). */
export function isPayLater(method: PaymentMethod): boolean {
  return method === 'DEFERRED' || method === 'FORWARD';
}
