/**
 * Every route that writes (POST, PUT, PATCH, DELETE) and is not held by maker-checker (the
 * table in `approval-kinds.ts`), with why. `approval-coverage.test.ts` walks the app's routes
 * against both lists: a new route that writes fails it until someone says here why it needs
 * no second person, or adds it to the approval table.
 *
 * Keys are method and path as in ROUTE_ROLES (without `/api/v1/{lang}`); routes outside the
 * API keep their full path.
 */
const SESSION = "the caller's own session or sign-up: no company money";
const READS = 'a read sent as POST (a body of filters or ids): writes nothing';
const PRICE = 'prices or previews an operation: writes nothing and moves no money';
const INVOICE_DATA = 'invoice records (the MXN owed), no money moves until paid or converted';
const ALLOCATION =
  "assigns or frees an existing conversion's MXN against an invoice: bookkeeping between the company's own records, no money leaves";
const MARKETPLACE_CATALOGUE = "the grower's catalogue or warehouses: no money moves";
const CART = 'the buyer cart: nothing is bought until the checkout (held by CHECKOUT)';
const TEAM =
  "the company's settings and team, ADMIN only (ROUTE_ROLES): no money moves; who may move it is decided here";
const SECURITY = "the caller's or the company's second factors and security settings: no money";
const ACCOUNTING = "the accounting export's account names, ADMIN only: no money";
const API_KEYS =
  'ADMIN only: an integration key moves no money by itself (its money calls above the threshold wait for a person)';
const WEBHOOKS = "the company's webhook endpoints, ADMIN only: notifications, no money";
const OPS = "the back office (operators only, another company's money by the rail's evidence)";
const DECISION = "a second person's decision on an approval: it is the check itself";

export const APPROVAL_EXEMPTIONS: Record<string, string> = {
  'POST /auth/login': SESSION,
  'POST /auth/logout': SESSION,
  'POST /auth/signup/customer': SESSION,
  'POST /auth/signup/vendor': SESSION,
  'POST /auth/password-recovery': SESSION,
  'POST /auth/change-password/{id}': SESSION,
  'POST /exchange-rate/addFounds': READS,
  'POST /invoices/invoices': READS,
  'POST /invoices/id': READS,
  'POST /invoices/supplier': READS,
  'POST /transactions/id': READS,
  'POST /transactions/detail': READS,
  'POST /payments/paymentReceipt': READS,
  'POST /transactions/forwardRate': PRICE,
  'POST /orders/checkout/preview': PRICE,
  'POST /invoices/cfdi/parse': PRICE,
  'POST /invoices': INVOICE_DATA,
  'PUT /invoices': INVOICE_DATA,
  'PUT /invoices/delete': INVOICE_DATA,
  'POST /invoices/import': INVOICE_DATA,
  'POST /invoices/credit-notes': INVOICE_DATA,
  'POST /invoices/payment-complements': INVOICE_DATA,
  'PUT /payment-recipient/delete':
    'removes a supplier: no money moves, and no payment can go to it afterwards',
  'PUT /invoices/conversion': ALLOCATION,
  'POST /transactions/invoice': ALLOCATION,
  'POST /transactions/deleteInvoice': ALLOCATION,
  'POST /transactions/closeForward':
    'pays the balance due of a forward already booked (the booking was held by CONVERT or CONVERT_INVOICE above the threshold); the amount is fixed by the forward',
  'POST /orders/{orderId}/pay':
    "pays a pending order at its checkout's terms; the checkout itself was held by CHECKOUT above the threshold, and the amount is the order's",
  'POST /orders/{orderId}/accept':
    'the buyer accepts a delivered load: releases to the grower what the checkout already paid into the hold, no new money',
  'POST /orders/{orderId}/rating': 'a rating of a finished order: no money',
  'POST /orders/{orderId}/price-change/accept':
    "the buyer accepts a grower's price raise on its own order: the difference moves from its USD balance into that order's hold, paid out only at release",
  'POST /orders/{orderId}/price-change/reject': 'keeps the agreed price: no money',
  'POST /invoices/{id}/rate-order':
    'sets a rate order, which moves no money now; its fill is held by RATE_ORDER_FILL above the threshold',
  'DELETE /invoices/{id}/rate-order': 'cancels a rate order before it fills: no money',
  'POST /approvals/{approvalId}/quote': DECISION,
  'POST /approvals/{approvalId}/approve': DECISION,
  'POST /approvals/{approvalId}/reject': DECISION,
  'PUT /team/settings': TEAM,
  'PUT /profile/enterprise': TEAM,
  'POST /profile/users': TEAM,
  'PUT /profile/users/{userId}': TEAM,
  'PUT /profile/bank':
    "the company's own account where it receives MXN as a grower, ADMIN only: money comes in to it, never goes out",
  'PUT /profile/me': "the caller's own name and details: no money",
  'PUT /profile/notifications': "the caller's own e-mail choices: no money",
  'POST /vendor/articles': MARKETPLACE_CATALOGUE,
  'PUT /vendor/articles/{articleId}': MARKETPLACE_CATALOGUE,
  'PUT /vendor/articles/{articleId}/deactivate': MARKETPLACE_CATALOGUE,
  'PUT /vendor/articles/{articleId}/activate': MARKETPLACE_CATALOGUE,
  'POST /vendor/articles/{articleId}/images': MARKETPLACE_CATALOGUE,
  'DELETE /vendor/articles/{articleId}/images/{imageId}': MARKETPLACE_CATALOGUE,
  'POST /warehouses': MARKETPLACE_CATALOGUE,
  'PUT /warehouses/{warehouseId}': MARKETPLACE_CATALOGUE,
  'DELETE /warehouses/{warehouseId}': MARKETPLACE_CATALOGUE,
  'POST /shopping-cart/items': CART,
  'PUT /shopping-cart/items/{articleId}': CART,
  'DELETE /shopping-cart/items/{articleId}': CART,
  'PUT /customers/{userId}/shopping-cart': CART,
  'PATCH /customers/{userId}/shopping-cart': CART,
  'POST /vendor/orders/{orderId}/status':
    "the grower moves its order along (shipped, delivered): the buyer's money stays held until accepted or the dispute window closes",
  'POST /vendor/orders/{orderId}/delivery':
    "the grower records a delivery: the buyer's money stays held until accepted",
  'POST /disputes': "the buyer opens a dispute: it holds the order's money, never pays it out",
  'POST /disputes/{disputeId}/images': 'evidence of a dispute: no money',
  'POST /vendor/disputes/{disputeId}/images': 'evidence of a dispute: no money',
  'POST /vendor/disputes/{disputeId}/answer': "the grower's answer to a dispute: no money",
  'POST /ops/deposits': `${OPS}: credits a wire the bank received, money in`,
  'POST /ops/bank-statements': `${OPS}: imports the bank's statement, money in by deposit reference`,
  'POST /ops/bank-statements/unmatched/{entryId}/assign': `${OPS}: credits a received wire to a company, money in`,
  'POST /ops/bank-statements/unmatched/{entryId}/reject': `${OPS}: closes a received wire without crediting anyone`,
  'POST /ops/enterprises/{enterpriseId}/verified': `${OPS}: verifies a company or withdraws it, with a reason`,
  'POST /ops/disputes/{disputeId}/resolve': `${OPS}: the arbiter's ruling on held order money`,
  'POST /ops/jobs/{id}/retry': `${OPS}: retries a background job, which runs its own checks`,
  'PUT /accounting-export/accounts': ACCOUNTING,
  'POST /api-keys': API_KEYS,
  'DELETE /api-keys/{apiKeyId}': API_KEYS,
  'POST /webhooks/endpoints': WEBHOOKS,
  'PUT /webhooks/endpoints/{endpointId}': WEBHOOKS,
  'DELETE /webhooks/endpoints/{endpointId}': WEBHOOKS,
  'POST /webhooks/endpoints/{endpointId}/rotate-secret': WEBHOOKS,
  'POST /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/replay': WEBHOOKS,
  'POST /auth/2fa/setup': SECURITY,
  'POST /auth/2fa/enable': SECURITY,
  'POST /auth/2fa/disable': SECURITY,
  'POST /auth/2fa/recovery-codes': SECURITY,
  'POST /profile/users/{userId}/2fa/reset': SECURITY,
  'PUT /settings/security': SECURITY,
};
