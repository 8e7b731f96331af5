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
  DUPLICATE_CFDI: 409,
  CFDI_NOT_VERIFIED: 422,
  CFDI_CANCELLED: 409,
  TOO_MANY_FILES: 400,
  GROWER_NOT_PAYABLE: 409,
  GROWER_NOT_VERIFIED: 409,
  VERIFICATION_INCOMPLETE: 409,
  OVER_STOCK: 409,
  UNDER_MINIMUM: 409,
  DISPUTE_WINDOW_CLOSED: 409,
  DISPUTE_ALREADY_OPENED: 409,
  ORDER_NOT_PAID: 409,
  PRICE_CHANGE_PENDING: 409,
  WEBHOOK_URL_REFUSED: 400,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  TOTP_LOCKED: 429,
  TOTP_SETUP_REQUIRED: 409,
  TOTP_NOT_CONFIGURED: 409,
  ROLE_REQUIRED: 409,
  SELF_APPROVAL: 409,
  ALREADY_APPROVED: 409,
  APPROVAL_CLOSED: 409,
  APPROVAL_RUNNING: 409,
  LAST_ADMIN: 409,
  SUPPLIER_COOLING_OFF: 409,
  SUPPLIER_DELETED: 409,
  INPUT_TOO_DEEP: 400,
  SERVICE_UNAVAILABLE: 503,
  PASSWORD_REQUIRED: 401,
  PASSWORD_INVALID: 401,
  TOO_MANY_IMAGES: 409,
  DISPUTE_NOT_OPEN: 409,
  STATEMENT_UNREADABLE: 400,
  RATE_SOURCE_UNAVAILABLE: 503,
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
    DUPLICATE_CFDI: 'This CFDI (fiscal folio) was already imported.',
    CFDI_CANCELLED:
      'The SAT reports this CFDI as cancelled by its issuer, or does not know it: it cannot be imported or paid. Ask the supplier for a valid CFDI.',
    CFDI_NOT_VERIFIED:
      'An invoice does not match its CFDI file (its seal, receptor, UUID, total or date): read the files again and import what the review shows.',
    TOO_MANY_FILES: 'Too many files: import at most 200 at a time.',
    GROWER_NOT_PAYABLE:
      'This grower cannot be paid yet: its bank account (CLABE) is not registered.',
    GROWER_NOT_VERIFIED:
      'This grower is not verified by Pesos & Produce (its verification is pending or was withdrawn): its articles cannot be bought. Remove them from your cart.',
    VERIFICATION_INCOMPLETE:
      'This grower cannot be verified yet: its PACA licence, tax id (RFC) and bank data (CLABE) must be registered first.',
    ORDER_NOT_PAID:
      'This order cannot be prepared or shipped before it is paid for: a forward order on its settlement day (or once the buyer pays the rest), a deferred order once its transfer is paid.',
    OVER_STOCK:
      'There are not enough boxes in stock for this quantity; lower it to what is available.',
    UNDER_MINIMUM: "This quantity is under the article's minimum order; raise it to the minimum.",
    DISPUTE_WINDOW_CLOSED:
      'The time to open a dispute after delivery has passed; settle it with the grower directly.',
    DISPUTE_ALREADY_OPENED:
      'This order already has a dispute; follow it, and add photos or comments, in the Disputes tab.',
    PRICE_CHANGE_PENDING:
      'The grower asked for a higher price: accept or reject it on the order page before you accept the delivery.',
    WEBHOOK_URL_REFUSED:
      'This address cannot receive webhooks: use an https:// URL on the public internet (not a private, local or loopback address).',
    TOTP_REQUIRED: 'Enter the 6-digit code of your authenticator app (or a recovery code).',
    TOTP_INVALID: 'The code is not correct or was already used. Enter the current code.',
    TOTP_LOCKED:
      'Too many wrong codes: codes are refused for 15 minutes and we sent you an e-mail. If it was not you, change your password.',
    TOTP_SETUP_REQUIRED:
      'Your company requires a second factor: set up your authenticator app under Security first.',
    TOTP_NOT_CONFIGURED:
      'Second factors are not available on this server yet (SECRETS_KEY is not set).',
    ROLE_REQUIRED: 'Your role in this company does not allow this; ask an administrator.',
    SELF_APPROVAL: 'You cannot approve or reject a request you made; another approver must.',
    ALREADY_APPROVED: 'You have already approved this request; it needs another approver.',
    APPROVAL_CLOSED: 'This approval was already rejected or has expired.',
    APPROVAL_RUNNING:
      'This approval was approved and its operation is still running; within minutes it is done or marked failed with the reason.',
    LAST_ADMIN: 'The company needs at least one active administrator; name another one first.',
    SUPPLIER_COOLING_OFF:
      "This supplier's bank account changed recently; payments to it are held until the cooling-off period ends.",
    SUPPLIER_DELETED:
      'This supplier was deleted: its invoices stay in the history, but nothing can be paid or converted for them.',
    INPUT_TOO_DEEP: 'The request nests lists or objects too deeply.',
    SERVICE_UNAVAILABLE: 'The service is briefly unavailable. Please try again in a moment.',
    PASSWORD_REQUIRED: 'Enter your password again to confirm this change.',
    PASSWORD_INVALID: 'The password is not correct.',
    TOO_MANY_IMAGES:
      'Your side of this dispute already has 15 photos, the most each side can attach.',
    DISPUTE_NOT_OPEN: 'This dispute is closed: nothing more can be added to it.',
    STATEMENT_UNREADABLE:
      'This file is not a bank statement we can read (ISO 20022 camt.053 or camt.054, or BAI2); nothing was imported.',
    RATE_SOURCE_UNAVAILABLE:
      'Quotes are paused: the reference exchange rate could not be confirmed recently. Please try again in a few minutes.',
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
    DUPLICATE_CFDI: 'Este CFDI (folio fiscal) ya fue importado.',
    CFDI_CANCELLED:
      'El SAT informa que este CFDI fue cancelado por su emisor, o no lo encuentra: no se puede importar ni pagar. Pide al proveedor un CFDI vigente.',
    CFDI_NOT_VERIFIED:
      'Una factura no coincide con su archivo CFDI (sello, receptor, UUID, total o fecha): vuelve a leer los archivos e importa lo que muestra la revisión.',
    TOO_MANY_FILES: 'Demasiados archivos: importa como máximo 200 a la vez.',
    GROWER_NOT_PAYABLE:
      'Aún no se le puede pagar a este productor: su cuenta bancaria (CLABE) no está registrada.',
    GROWER_NOT_VERIFIED:
      'Este productor no está verificado por Pesos & Produce (su verificación está pendiente o fue retirada): sus artículos no se pueden comprar. Quítalos de tu carrito.',
    VERIFICATION_INCOMPLETE:
      'Aún no se puede verificar a este productor: primero debe registrar su licencia PACA, su RFC (tax id) y sus datos bancarios (CLABE).',
    ORDER_NOT_PAID:
      'Este pedido no se puede preparar ni enviar antes de estar pagado: un pedido forward el día de su liquidación (o cuando el comprador pague el resto), un pedido diferido cuando se pague su transferencia.',
    OVER_STOCK:
      'No hay cajas suficientes en existencia para esta cantidad; bájala a lo disponible.',
    UNDER_MINIMUM: 'Esta cantidad es menor al pedido mínimo del artículo; súbela al mínimo.',
    DISPUTE_WINDOW_CLOSED:
      'Ya pasó el plazo para abrir una disputa después de la entrega; resuélvelo directamente con el productor.',
    DISPUTE_ALREADY_OPENED:
      'Este pedido ya tiene una disputa; síguela, y agrega fotos o comentarios, en la pestaña Disputas.',
    PRICE_CHANGE_PENDING:
      'El productor pidió un precio más alto: acéptalo o recházalo en la página del pedido antes de aceptar la entrega.',
    WEBHOOK_URL_REFUSED:
      'Esta dirección no puede recibir webhooks: usa una URL https:// en internet pública (no una dirección privada, local o de loopback).',
    TOTP_REQUIRED:
      'Escribe el código de 6 dígitos de tu app de autenticación (o un código de recuperación).',
    TOTP_INVALID: 'El código no es correcto o ya se usó. Escribe el código actual.',
    TOTP_LOCKED:
      'Demasiados códigos incorrectos: los códigos se rechazan durante 15 minutos y te enviamos un correo. Si no fuiste tú, cambia tu contraseña.',
    TOTP_SETUP_REQUIRED:
      'Tu empresa exige un segundo factor: configura primero tu app de autenticación en Seguridad.',
    TOTP_NOT_CONFIGURED:
      'El segundo factor aún no está disponible en este servidor (falta SECRETS_KEY).',
    ROLE_REQUIRED: 'Tu rol en esta empresa no permite esto; pídeselo a un administrador.',
    SELF_APPROVAL:
      'No puedes aprobar ni rechazar una solicitud que hiciste tú; debe hacerlo otro aprobador.',
    ALREADY_APPROVED: 'Ya aprobaste esta solicitud; necesita otro aprobador.',
    APPROVAL_CLOSED: 'Esta aprobación ya fue rechazada o expiró.',
    APPROVAL_RUNNING:
      'Esta aprobación ya se aprobó y su operación sigue en curso; en minutos termina o queda marcada como fallida con el motivo.',
    LAST_ADMIN: 'La empresa necesita al menos un administrador activo; nombra a otro primero.',
    SUPPLIER_COOLING_OFF:
      'La cuenta bancaria de este proveedor cambió hace poco; los pagos quedan retenidos hasta que termine el periodo de espera.',
    SUPPLIER_DELETED:
      'Este proveedor fue eliminado: sus facturas siguen en el historial, pero no se puede pagar ni convertir nada para ellas.',
    INPUT_TOO_DEEP: 'La solicitud anida listas u objetos demasiado profundamente.',
    SERVICE_UNAVAILABLE:
      'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
    PASSWORD_REQUIRED: 'Escribe de nuevo tu contraseña para confirmar este cambio.',
    PASSWORD_INVALID: 'La contraseña no es correcta.',
    TOO_MANY_IMAGES:
      'Tu parte de esta disputa ya tiene 15 fotos, el máximo que cada parte puede adjuntar.',
    DISPUTE_NOT_OPEN: 'Esta disputa está cerrada: ya no se le puede agregar nada.',
    STATEMENT_UNREADABLE:
      'Este archivo no es un estado de cuenta que podamos leer (ISO 20022 camt.053 o camt.054, o BAI2); no se importó nada.',
    RATE_SOURCE_UNAVAILABLE:
      'Las cotizaciones están en pausa: no se pudo confirmar recientemente el tipo de cambio de referencia. Inténtalo de nuevo en unos minutos.',
  },
};

/** The error body of every 4xx/5xx answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  field?: string;
}
