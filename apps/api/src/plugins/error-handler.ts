import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  errorMessage,
  isLanguage,
  type ErrorBody,
  type ErrorCode,
  type ErrorParams,
  type Language,
} from '@app/domain';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { isAppError } from '../errors.js';

/** The language of an answer: the `/api/v1/{lang}/` segment, English otherwise. */
export function languageOf(request: FastifyRequest): Language {
  const match = /^\/api\/v1\/([^/?]+)/.exec(request.url);
  return match && isLanguage(match[1]) ? match[1] : 'en';
}

export function errorBody(
  code: ErrorCode,
  language: Language,
  field?: string,
  params?: ErrorParams,
): ErrorBody {
  const body: ErrorBody = { code, message: errorMessage(language, code, params) };
  if (field) body.field = field;
  return body;
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  field?: string,
  params?: ErrorParams,
): FastifyReply {
  return reply.status(ERROR_STATUS[code]).send(errorBody(code, languageOf(request), field, params));
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_INPUT',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'INVALID_INPUT',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 403) return 'SESSION_EXPIRED';
  if (status === 401) return 'INVALID_CREDENTIALS';
  if (status >= 400 && status < 500) return 'INVALID_INPUT';
  return 'INTERNAL_ERROR';
}

/** Seconds a client is asked to wait before trying again when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One place turns every failure into `{ code, message, field? }` in the request's language.
 * 5xx answers say nothing of the cause; the log keeps it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'Request failed');
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return sendError(reply, request, error.code, error.field, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return sendError(reply, request, 'INVALID_INPUT', path || undefined);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(reply, request, known);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'Database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, request, 'SERVICE_UNAVAILABLE');
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return sendError(reply, request, 'INTERNAL_ERROR');
    }
    return sendError(reply, request, codeForStatus(status));
  });
}
