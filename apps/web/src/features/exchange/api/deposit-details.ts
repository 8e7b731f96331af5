import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type ApiAnswer } from '../../../lib/api/typed-client';
import { getLanguage } from '../../../lib/i18n/i18n';
import { exchangeKeys } from './rate-history';

export type DepositDetail = ApiAnswer<'post', 'exchange-rate/addFounds'>['account'][number];

/** The spec's add-funds request asks with a fixed amount of 100. */
const ADD_FUNDS_AMOUNT = 100;

/** The company's own CLABE for pesos by SPEI (null when the server's rail gives none). */
export type SpeiDeposit = NonNullable<ApiAnswer<'post', 'exchange-rate/addFounds'>['spei']>;

export interface DepositDetails {
  account: DepositDetail[];
  spei: SpeiDeposit | null;
}

/** Bank details to wire USD to, with the enterprise's own deposit reference, and its CLABE. */
export async function getDepositDetails(): Promise<DepositDetails> {
  const answer = await apiPost('exchange-rate/addFounds', { body: { amount: ADD_FUNDS_AMOUNT } });
  return { account: answer.account, spei: answer.spei ?? null };
}

export function depositDetailsQueryOptions() {
  return queryOptions({
    queryKey: exchangeKeys.depositDetails(getLanguage()),
    queryFn: getDepositDetails,
    staleTime: 10 * 60_000,
    meta: { errorToast: false },
  });
}

export function useDepositDetailsQuery() {
  return useQuery(depositDetailsQueryOptions());
}
