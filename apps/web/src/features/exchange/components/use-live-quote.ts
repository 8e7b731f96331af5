import type { Language } from '@app/domain';
import { moneyToDecimalString, todayInTimeZone } from '@app/domain';
import type { TFunction } from 'i18next';
import type { DetailItem } from '../../../components/detail-list';
import { formatQuoteRate } from '../../../components/format-rate';
import { formatDate, formatMoney } from '../../../lib/format';
import { showErrorToast } from '../../../lib/toast';
import { useCallback } from 'react';
import { quoteDeadline } from '../../../components/use-countdown';
import { isQuoteError, notifyQuoteRefreshed } from '../../../lib/finance/quote-errors';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { useDashboardQuery } from '../../../lib/finance/queries';
import type { Dashboard } from '../../../lib/finance/types';
import { i18n } from '../../../lib/i18n/i18n';
import { linkAmounts, type AmountEntry } from '../amounts';

/**
 * Today's spot quote as the dialogs use it: the dashboard answer, refreshed on demand.
 * The page does not reload it while a money dialog is open, so it changes only when the
 * dialog asks (its countdown reaching zero, or an expired quote).
 */
export function useLiveQuote() {
  const dashboard = useDashboardQuery();
  const { data, dataUpdatedAt, refetch } = dashboard;
  const refresh = useCallback(async (): Promise<Dashboard | undefined> => {
    const result = await refetch();
    return result.data;
  }, [refetch]);
  return {
    dashboard: data,
    rate: data?.exchangeRateToday,
    reference: data?.exchangeRateTodayReference,
    /** When the countdown of this quote ends (epoch ms). */
    deadline: data ? quoteDeadline(dataUpdatedAt, data.quoteExpiresAt) : undefined,
    /** Changes with every answer, restarting countdowns. */
    resetKey: dataUpdatedAt,
    refresh,
  };
}

/**
 * The answer of a money call priced at a quote. A call held for a second person says so
 * instead of the success text. A refused quote is not an error to the user: the dialog renews
 * it (`renewQuote` answers whether it could) and the user reviews the new rate, then confirms.
 */
export function quoteCallHandlers({
  successText,
  onSuccess,
  renewQuote,
}: {
  successText: string;
  onSuccess: (message: string) => void;
  renewQuote: () => Promise<boolean>;
}) {
  return {
    onSuccess: (answer: unknown) =>
      onSuccess(isHeldForApproval(answer) ? i18n.t('team.heldForApproval') : successText),
    onError: async (error: unknown) => {
      if (isQuoteError(error)) {
        if (await renewQuote()) notifyQuoteRefreshed();
        return;
      }
      showErrorToast(error);
    },
  };
}

/** The dollars or the pesos of what was typed, at a rate (the other side follows the rate). */
export function figureAt(entry: AmountEntry, rate: number, side: 'usd' | 'mxn'): string {
  const linked = linkAmounts(entry, rate);
  const cents = side === 'usd' ? linked.usdCents : linked.mxnCents;
  return cents === undefined
    ? '—'
    : `${formatMoney(moneyToDecimalString(cents))} ${side.toUpperCase()}`;
}

/** The first rows of a review: the dollars and the pesos (a dash while the pesos are unknown). */
export function amountReviewItems(t: TFunction, usdCents: bigint, mxnCents: bigint | undefined) {
  return [
    {
      label: t('exchange.detail.usd'),
      value: formatMoney(moneyToDecimalString(usdCents)),
      testId: 'detail-usd',
    },
    {
      label: t('exchange.detail.mxn'),
      value: mxnCents === undefined ? '—' : formatMoney(moneyToDecimalString(mxnCents)),
      testId: 'detail-mxn',
    },
  ] satisfies DetailItem[];
}

/** The last rows of a review at today's quote: its rate, and today as the day money moves. */
export function spotReviewItems(t: TFunction, rate: number | undefined, language: Language) {
  return [
    {
      label: t('exchange.detail.rate'),
      value: rate === undefined ? '—' : formatQuoteRate(rate),
      testId: 'detail-rate',
    },
    {
      label: t('exchange.detail.date'),
      value: formatDate(todayInTimeZone(new Date()), language),
      testId: 'detail-date',
    },
  ] satisfies DetailItem[];
}
