/**
 * The error codes of the HTTP contract, their statuses and their messages in both
 * languages. The API maps an AppError to a status through ERROR_STATUS; the web client
 * parses error bodies back into the same codes.
 */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  RESET_LINK_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_MISMATCH: 409,
  INSUFFICIENT_FUNDS: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

export const LANGUAGES = ['en', 'sp'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'sp';
}

export const ERROR_MESSAGES: Record<Language, Record<ErrorCode, string>> = {
  en: {
    INVALID_INPUT: 'The request has invalid or missing data.',
    RESET_LINK_INVALID: 'This password reset link has expired or was already used.',
    INVALID_CREDENTIALS: 'The e-mail or the password is not correct.',
    SESSION_EXPIRED: 'Your session has ended. Please log in again.',
    NOT_FOUND: 'The record was not found.',
    EMAIL_TAKEN: 'An account with this e-mail already exists.',
    QUOTE_EXPIRED: 'The exchange rate quote has expired. Please refresh the rate.',
    QUOTE_MISMATCH: 'The exchange rate does not match the quote.',
    INSUFFICIENT_FUNDS: 'There are not enough funds for this operation.',
    INVALID_STATE: 'This operation is not allowed in the current state.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'The request content type is not supported.',
    IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
    RATE_LIMITED: 'Too many attempts. Please wait and try again.',
    INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
  },
  sp: {
    INVALID_INPUT: 'La solicitud tiene datos inválidos o incompletos.',
    RESET_LINK_INVALID: 'Este enlace para restablecer la contraseña expiró o ya se usó.',
    INVALID_CREDENTIALS: 'El correo o la contraseña no son correctos.',
    SESSION_EXPIRED: 'Tu sesión ha terminado. Inicia sesión de nuevo.',
    NOT_FOUND: 'No se encontró el registro.',
    EMAIL_TAKEN: 'Ya existe una cuenta con este correo.',
    QUOTE_EXPIRED: 'La cotización del tipo de cambio expiró. Actualiza el tipo de cambio.',
    QUOTE_MISMATCH: 'El tipo de cambio no coincide con la cotización.',
    INSUFFICIENT_FUNDS: 'No hay fondos suficientes para esta operación.',
    INVALID_STATE: 'Esta operación no está permitida en el estado actual.',
    PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
    UNSUPPORTED_MEDIA_TYPE: 'El tipo de contenido de la solicitud no es compatible.',
    IDEMPOTENCY_KEY_REUSED: 'Esta clave de solicitud ya se usó para otra solicitud.',
    RATE_LIMITED: 'Demasiados intentos. Espera e inténtalo de nuevo.',
    INTERNAL_ERROR: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  },
};

/** The error body of every 4xx/5xx answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  field?: string;
}
