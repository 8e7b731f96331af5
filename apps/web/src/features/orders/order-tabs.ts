import type { PaymentMethod } from '@app/domain';

export type { OrderStatus, PaymentMethod } from '@app/domain';

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
