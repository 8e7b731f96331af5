import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, apiUrl } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { notifySessionEnded } from '../../../lib/session-ended';
import { getSession } from '../../../lib/session-store';

export interface OpsEnterprise {
  sEnterpriseId: string;
  sName: string;
  sType: string;
  bVerified: boolean;
  sDepositReference: string | null;
  balances: { balanceUsd: number; balanceMxn: number; blockedUsd: number };
}

export interface OpsEnterprisePage {
  total: number;
  enterprises: OpsEnterprise[];
}

export const operatorKeys = {
  all: ['operator'] as const,
  enterprises: (page: number, limit: number) =>
    [...operatorKeys.all, 'enterprises', page, limit] as const,
};

/** One page (1-based) of the enterprises with their balances, by name. */
export function getEnterprises(page: number, limit: number): Promise<OpsEnterprisePage> {
  return apiRequest<OpsEnterprisePage>(`ops/enterprises?page=${page}&limit=${limit}`);
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

export interface DepositBody {
  sEnterpriseId: string;
  /** USD, at most 2 decimals. */
  dAmount: number;
  sReference: string;
}

export interface DepositAnswer {
  sReference: string;
  sEnterpriseId: string;
  dAmount: number;
  created_at: string;
}

/**
 * Credits a received wire. The server answers 201 when it credits it and 200 when that
 * bank reference was already credited (with the same enterprise and amount), so the
 * status matters here and `apiRequest` (which returns the body only) is not enough.
 * Errors, 403 included, are handled as `apiRequest` does.
 */
export async function creditDeposit(
  body: DepositBody,
  idempotencyKey: string,
): Promise<{ created: boolean; deposit: DepositAnswer }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': idempotencyKey,
  };
  const token = getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl('ops/deposits'), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 0, i18n.t('errors.network'));
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 403) notifySessionEnded();
    const { code, message, field } = (answer ?? {}) as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string') {
      throw new ApiError(
        code,
        response.status,
        message,
        typeof field === 'string' ? field : undefined,
      );
    }
    throw new ApiError('UNEXPECTED_RESPONSE', response.status, i18n.t('errors.unknown'));
  }
  if (typeof answer !== 'object' || answer === null) {
    throw new ApiError('UNEXPECTED_RESPONSE', response.status, i18n.t('errors.unknown'));
  }
  return { created: response.status === 201, deposit: answer as DepositAnswer };
}
