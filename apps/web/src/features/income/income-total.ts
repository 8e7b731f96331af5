import { moneyToDecimalString, parseMoney } from '@app/domain';
import type { VendorPayout } from './api';

/**
 * The income page's totals, summed in integer cents (never in floats): every payout but
 * the returned ones, which came back and were not income.
 */
export function payoutTotals(payouts: VendorPayout[]): { usd: string; mxn: string } {
  let usd = 0n;
  let mxn = 0n;
  for (const payout of payouts) {
    if (payout.sStatus === 'RETURNED') continue;
    usd += parseMoney(payout.dAmountUsd);
    mxn += parseMoney(payout.dAmountMxn);
  }
  return { usd: moneyToDecimalString(usd), mxn: moneyToDecimalString(mxn) };
}
