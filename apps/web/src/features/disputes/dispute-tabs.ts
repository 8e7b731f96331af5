/** The dispute tabs by their number in the URL (/disputes/tab/:num): 0, 1. */
export const DISPUTE_TABS = ['in-process', 'finalized'] as const;
export type DisputeTab = (typeof DISPUTE_TABS)[number];

/** The tab of a `:num` route parameter, or null when it names none. */
export function disputeTabOfParam(param: string | undefined): DisputeTab | null {
  if (param === undefined || !/^\d$/.test(param)) return null;
  return DISPUTE_TABS[Number(param)] ?? null;
}

export function disputeTabNumber(tab: DisputeTab): number {
  return DISPUTE_TABS.indexOf(tab);
}

/** The page sizes of the dispute lists. */
export const DISPUTE_PAGE_SIZES = [10, 20, 50];
