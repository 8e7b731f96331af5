import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import {
  apiGet,
  apiPost,
  callApiWithStatus,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';
import { i18n } from '../../../lib/i18n/i18n';

export type OpsEnterprisePage = ApiAnswer<'get', 'ops/enterprises'>;

export type OpsEnterprise = OpsEnterprisePage['enterprises'][number];

export const operatorKeys = {
  all: ['operator'] as const,
  enterprises: (page: number, limit: number) =>
    [...operatorKeys.all, 'enterprises', page, limit] as const,
};

/** One page (1-based) of the enterprises with their balances, by name. */
export function getEnterprises(page: number, limit: number): Promise<OpsEnterprisePage> {
  return apiGet('ops/enterprises', { query: { page, limit } });
}

export function enterprisesQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: operatorKeys.enterprises(page, limit),
    queryFn: () => getEnterprises(page, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `enabled` is false for anyone but an operator (the server answers them 404). */
export function useEnterprisesQuery(page: number, limit: number, enabled: boolean) {
  return useQuery({ ...enterprisesQueryOptions(page, limit), enabled });
}

/** POST ops/deposits: `dAmount` in USD, at most 2 decimals. */
export type DepositBody = ApiBody<'post', 'ops/deposits'>;

export type DepositAnswer = ApiAnswer<'post', 'ops/deposits'>;

/**
 * Credits a received wire. The server answers 201 when it credits it and 200 when that
 * bank reference was already credited (with the same enterprise and amount), so the
 * status matters here. The bank reference is what makes it happen once, so the operation
 * takes no Idempotency-Key (the document declares none).
 */
export async function creditDeposit(
  body: DepositBody,
): Promise<{ created: boolean; deposit: DepositAnswer }> {
  const { status, answer } = await callApiWithStatus('post', 'ops/deposits', { body });
  if (typeof answer !== 'object' || answer === null) {
    throw new ApiError('UNEXPECTED_RESPONSE', status, i18n.t('errors.unknown'));
  }
  return { created: status === 201, deposit: answer };
}

export type SimulatedSpeiAnswer = ApiAnswer<'post', 'ops/spei/simulate-incoming'>;

/**
 * Demo only: the server's local STP sends an incoming SPEI of `dAmount` MXN to the
 * enterprise's deposit CLABE (404 when the server talks to a real STP).
 */
export function simulateIncomingSpei(
  body: ApiBody<'post', 'ops/spei/simulate-incoming'>,
): Promise<SimulatedSpeiAnswer> {
  return apiPost('ops/spei/simulate-incoming', { body });
}
