import type { ErrorCode } from '@app/domain';

/**
 * The error codes a route answers beyond the common ones (INVALID_INPUT, SESSION_EXPIRED,
 * NOT_FOUND, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, IDEMPOTENCY_KEY_REUSED, RATE_LIMITED
 * and INTERNAL_ERROR, which openapi-contract.ts derives from the route itself). Keyed by
 * method and path without `/api/v1/{lang}`. A route that answers a code missing here fails
 * the API suite's contract check: add the code to its line.
 */
const QUOTED_MONEY: ErrorCode[] = [
  'QUOTE_EXPIRED',
  'QUOTE_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'INVALID_STATE',
];

/** What a quantity of boxes can be refused for (the cart and the checkout). */
const BOXES: ErrorCode[] = ['OVER_STOCK', 'UNDER_MINIMUM'];

export const ROUTE_ERROR_CODES: Record<string, ErrorCode[]> = {
  'POST /auth/login': [
    'INVALID_CREDENTIALS',
    'RATE_LIMITED',
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'TOTP_LOCKED',
  ],
  'GET /audit-log': ['ROLE_REQUIRED'],
  // STP's webhooks: a wrong secret or address is answered as a path that does not exist.
  'POST /api/webhooks/stp/orden-estado': ['NOT_FOUND'],
  'POST /api/webhooks/stp/abono': ['NOT_FOUND'],
  'POST /auth/2fa/setup': ['INVALID_STATE', 'TOTP_NOT_CONFIGURED'],
  'POST /auth/2fa/enable': ['INVALID_STATE', 'TOTP_INVALID', 'TOTP_LOCKED', 'TOTP_NOT_CONFIGURED'],
  'POST /auth/2fa/disable': ['INVALID_STATE', 'TOTP_INVALID', 'TOTP_LOCKED'],
  'POST /auth/2fa/recovery-codes': [
    'INVALID_STATE',
    'TOTP_INVALID',
    'TOTP_LOCKED',
    'TOTP_NOT_CONFIGURED',
  ],
  'POST /profile/users/{userId}/2fa/reset': ['ROLE_REQUIRED'],
  'PUT /settings/security': ['ROLE_REQUIRED'],
  'POST /payment-recipient': ['TOTP_REQUIRED', 'TOTP_INVALID', 'TOTP_LOCKED'],
  'PUT /payment-recipient': ['TOTP_REQUIRED', 'TOTP_INVALID', 'TOTP_LOCKED'],
  'PUT /profile/bank': [
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'TOTP_LOCKED',
    'PASSWORD_REQUIRED',
    'PASSWORD_INVALID',
  ],
  'POST /auth/signup/customer': ['EMAIL_TAKEN'],
  'POST /auth/signup/vendor': ['EMAIL_TAKEN'],
  'POST /auth/change-password/{id}': ['RESET_LINK_INVALID'],
  'POST /ops/deposits': ['INVALID_STATE'],
  'POST /ops/bank-statements': ['STATEMENT_UNREADABLE', 'INVALID_STATE'],
  'POST /ops/bank-statements/unmatched/{entryId}/assign': ['INVALID_STATE'],
  'POST /ops/bank-statements/unmatched/{entryId}/reject': ['INVALID_STATE'],
  'PUT /invoices': ['INVALID_STATE'],
  'PUT /invoices/delete': ['INVALID_STATE'],
  'PUT /invoices/conversion': ['INVALID_STATE'],
  'POST /transactions/forwardRate': ['QUOTE_EXPIRED', 'QUOTE_MISMATCH', 'INVALID_STATE'],
  'POST /transactions': QUOTED_MONEY,
  'POST /transactions/createTransactionFromInvoice': [
    ...QUOTED_MONEY,
    'SUPPLIER_DELETED',
    'CFDI_CANCELLED',
  ],
  'POST /transactions/closeForward': ['INSUFFICIENT_FUNDS', 'INVALID_STATE'],
  'POST /transactions/invoice': ['INVALID_STATE', 'SUPPLIER_DELETED', 'CFDI_CANCELLED'],
  'POST /transactions/deleteInvoice': ['INVALID_STATE'],
  'POST /payments/invoice': [
    ...QUOTED_MONEY,
    'SUPPLIER_COOLING_OFF',
    'SUPPLIER_DELETED',
    'CFDI_CANCELLED',
  ],
  'POST /payments/sendPayNow': [...QUOTED_MONEY, 'SUPPLIER_COOLING_OFF', 'SUPPLIER_DELETED'],
  'POST /payments': [
    'INSUFFICIENT_FUNDS',
    'INVALID_STATE',
    'SUPPLIER_COOLING_OFF',
    'SUPPLIER_DELETED',
    'CFDI_CANCELLED',
  ],
  'POST /vendor/articles/{articleId}/images': ['INVALID_STATE'],
  'POST /shopping-cart/items': ['INVALID_STATE', 'GROWER_NOT_VERIFIED', ...BOXES],
  'PUT /shopping-cart/items/{articleId}': ['INVALID_STATE', 'GROWER_NOT_VERIFIED', ...BOXES],
  'PATCH /customers/{userId}/shopping-cart': ['INVALID_STATE'],
  'POST /profile/users': ['EMAIL_TAKEN', 'INVALID_STATE'],
  'PUT /profile/users/{userId}': ['INVALID_STATE', 'LAST_ADMIN'],
  'POST /approvals/{approvalId}/quote': ['APPROVAL_CLOSED', 'INVALID_STATE'],
  'POST /approvals/{approvalId}/approve': [
    'QUOTE_EXPIRED',
    'QUOTE_MISMATCH',
    'SELF_APPROVAL',
    'ALREADY_APPROVED',
    'APPROVAL_CLOSED',
    'APPROVAL_RUNNING',
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'TOTP_LOCKED',
  ],
  'POST /approvals/{approvalId}/reject': ['SELF_APPROVAL', 'APPROVAL_CLOSED'],
  'POST /orders/checkout': [...QUOTED_MONEY, 'GROWER_NOT_PAYABLE', 'GROWER_NOT_VERIFIED', ...BOXES],
  'POST /orders/checkout/preview': [
    ...QUOTED_MONEY,
    'GROWER_NOT_PAYABLE',
    'GROWER_NOT_VERIFIED',
    ...BOXES,
  ],
  'POST /ops/enterprises/{enterpriseId}/verified': ['VERIFICATION_INCOMPLETE'],
  'POST /orders/{orderId}/pay': [...QUOTED_MONEY, 'GROWER_NOT_PAYABLE'],
  'POST /orders/{orderId}/accept': ['INVALID_STATE', 'PRICE_CHANGE_PENDING', 'INVALID_INPUT'],
  'POST /orders/{orderId}/price-change/accept': ['INVALID_STATE', 'INSUFFICIENT_FUNDS'],
  'POST /orders/{orderId}/price-change/reject': ['INVALID_STATE'],
  'POST /orders/{orderId}/rating': ['INVALID_STATE'],
  'POST /vendor/orders/{orderId}/status': ['INVALID_STATE', 'ORDER_NOT_PAID'],
  'POST /vendor/orders/{orderId}/delivery': ['INVALID_STATE'],
  'POST /disputes': ['INVALID_STATE', 'DISPUTE_WINDOW_CLOSED', 'DISPUTE_ALREADY_OPENED'],
  'POST /disputes/{disputeId}/images': ['DISPUTE_NOT_OPEN', 'TOO_MANY_IMAGES'],
  'POST /vendor/disputes/{disputeId}/answer': ['INVALID_STATE'],
  'POST /ops/disputes/{disputeId}/resolve': ['INVALID_STATE'],
  'POST /vendor/disputes/{disputeId}/images': ['DISPUTE_NOT_OPEN', 'TOO_MANY_IMAGES'],
  'POST /ops/jobs/{id}/retry': ['INVALID_STATE'],
  'POST /invoices/cfdi/parse': ['TOO_MANY_FILES'],
  'POST /invoices/import': [
    'DUPLICATE_CFDI',
    'CFDI_NOT_VERIFIED',
    'CFDI_CANCELLED',
    'INVALID_STATE',
  ],
  'POST /invoices/credit-notes': ['DUPLICATE_CFDI', 'CFDI_NOT_VERIFIED', 'INVALID_STATE'],
  'POST /invoices/payment-complements': ['DUPLICATE_CFDI', 'CFDI_NOT_VERIFIED', 'CFDI_CANCELLED'],
  'POST /payments/batch': [
    ...QUOTED_MONEY,
    'SUPPLIER_COOLING_OFF',
    'SUPPLIER_DELETED',
    'CFDI_CANCELLED',
  ],
  'POST /invoices/{id}/rate-order': ['INVALID_STATE'],
  'DELETE /invoices/{id}/rate-order': ['INVALID_STATE'],
  'POST /webhooks/endpoints': ['WEBHOOK_URL_REFUSED', 'INVALID_STATE'],
};

/** Routes whose success answer is bytes, not JSON. */
export const ROUTE_MEDIA: Record<string, Record<number, { type: string; description: string }>> = {
  'GET /files/{path}': { 200: { type: 'image/*', description: 'The photo (JPEG, PNG or WebP)' } },
  'GET /accounting-export': {
    200: { type: 'text/csv', description: 'The journal file, one row per line' },
  },
  'GET /disputes/{disputeId}/images/{imageId}': {
    200: { type: 'image/*', description: 'The photo (JPEG, PNG or WebP)' },
  },
  'GET /orders/{orderId}/documents/{kind}': {
    200: {
      type: 'application/pdf',
      description: 'The trade document, in the language of the path',
    },
  },
  'GET /vendor/orders/{orderId}/documents/{kind}': {
    200: {
      type: 'application/pdf',
      description: 'The trade document, in the language of the path',
    },
  },
};

/**
 * Routes whose success answer has no body (`reply.status(204).send()`): the route's zod
 * schema cannot say so without changing how the handler sends.
 */
export const ROUTE_NO_CONTENT: Record<string, { status: number; description: string }> = {
  'POST /auth/logout': { status: 204, description: 'Logged out; the token no longer works' },
  'DELETE /api-keys/{apiKeyId}': { status: 204, description: 'Revoked; the key no longer works' },
  'POST /auth/2fa/disable': { status: 204, description: 'The second factor is off' },
  'POST /profile/users/{userId}/2fa/reset': {
    status: 204,
    description: "The member's second factor is off; they set it up again",
  },
  'POST /auth/password-recovery': {
    status: 202,
    description: 'Accepted, whether or not an account has this e-mail (no enumeration)',
  },
  'POST /auth/change-password/{id}': {
    status: 204,
    description: 'Password changed; the link is used up',
  },
  'PUT /payment-recipient/delete': { status: 204, description: 'Deleted (soft delete)' },
  'PUT /invoices/delete': { status: 204, description: 'Deleted (soft delete)' },
  'DELETE /invoices/{id}/rate-order': { status: 204, description: 'Cancelled' },
  'DELETE /vendor/articles/{articleId}/images/{imageId}': { status: 204, description: 'Removed' },
  'PATCH /customers/{userId}/shopping-cart': { status: 204, description: 'Removed' },
  'DELETE /warehouses/{warehouseId}': { status: 204, description: 'Deleted' },
  'DELETE /webhooks/endpoints/{endpointId}': {
    status: 204,
    description: 'Deleted, with its delivery log',
  },
};
