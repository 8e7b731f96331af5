import { ERROR_STATUS, type ErrorCode } from '@app/domain';

/**
 * The one error type services throw. The error handler turns it into
 * `{ code, message, field? }` with the status of ERROR_STATUS, in the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(code: ErrorCode, options: { field?: string; cause?: unknown } = {}) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
