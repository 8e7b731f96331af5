import type { ErrorCode } from '@app/domain';
import { getLanguage, i18n } from './i18n/i18n';
import { notifySessionEnded } from './session-ended';
import { getSession } from './session-store';

/** Codes the client adds to the server's: no answer, or an answer that is not ours. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** An error answer of the API (`{ code, message, field? }`), or a failure to reach it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** The request field the error is about, when the server names one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Logout only: a 403 there means the session is already gone, which is what was asked. */
  ignoreSessionEnd?: boolean;
}

const API_PREFIX = '/api/v1';

/** `/api/v1/{lang}/{path}`: the server answers in the interface language. */
export function apiUrl(path: string): string {
  return `${API_PREFIX}/${getLanguage()}/${path.replace(/^\/+/, '')}`;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (typeof body === 'object' && body !== null) {
    const { code, message, field } = body as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(
        code,
        response.status,
        message,
        typeof field === 'string' ? field : undefined,
      );
    }
  }
  return new ApiError('UNEXPECTED_RESPONSE', response.status, i18n.t('errors.unknown'));
}

/**
 * Sends one request with the session's bearer token under the language prefix and answers
 * the Response of a success. An error answer rejects with its ApiError (any 403 also raises
 * "session ended"); no answer rejects with NETWORK_ERROR. JSON calls go through
 * `apiRequest`; the binary downloads (PDF, photos) and the calls whose status matters read
 * the Response themselves.
 */
export async function apiResponse(
  path: string,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0, i18n.t('errors.network'));
  }

  if (!response.ok) {
    if (response.status === 403 && !options.ignoreSessionEnd) notifySessionEnded();
    throw await readErrorBody(response);
  }
  return response;
}

/** The JSON body of a success answer (undefined for 204 or an empty body). */
export async function readJsonAnswer<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('UNEXPECTED_RESPONSE', response.status, i18n.t('errors.unknown'));
  }
}

/**
 * Calls the API with the session's bearer token and JSON. Resolves with the parsed body
 * (undefined for 204); rejects with an ApiError. Any 403 also raises "session ended".
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return readJsonAnswer<T>(await apiResponse(path, options));
}
