import { ERROR_STATUS, type ErrorCode, type ErrorParams } from '@app/domain';

/**
 * The one error type services throw. The error handler turns it into
 * `{ code, message, field? }` with the status of ERROR_STATUS, in the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Numbers the message states (boxes available, hours of a window); see errorMessage. */
  readonly params: ErrorParams | undefined;
  /** Sent as Retry-After (a refusal that passes with time, like RATE_LIMITED). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      field?: string;
      cause?: unknown;
      params?: ErrorParams;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
