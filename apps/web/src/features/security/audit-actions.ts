/**
 * What each action of the audit log means, in each language: the log stores the API's operation
 * id (`postAuthLogin`), which a reader should never see. A test checks that every operation that
 * writes has its words here.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, { en: string; sp: string }>> = {
  postWebhooksStpOrdenEstado: {
    en: "STP reported a payout's status",
    sp: 'STP informó el estado de un pago',
  },
  postWebhooksStpAbono: {
    en: 'STP reported an incoming transfer',
    sp: 'STP informó una transferencia recibida',
  },
  postAuthLogin: { en: 'Signed in', sp: 'Inicio de sesión' },
  postAuthLogout: { en: 'Signed out', sp: 'Cierre de sesión' },
  postAuthSignupCustomer: { en: 'Buyer account created', sp: 'Cuenta de comprador creada' },
  postAuthSignupVendor: { en: 'Grower account created', sp: 'Cuenta de productor creada' },
  postAuthPasswordRecovery: {
    en: 'Password reset requested',
    sp: 'Solicitud de restablecer contraseña',
  },
  postAuthChangePasswordById: { en: 'Password changed', sp: 'Contraseña cambiada' },
  postExchangeRateAddFounds: { en: 'Funds added', sp: 'Fondos agregados' },
  postOpsDeposits: { en: 'Deposit recorded', sp: 'Depósito registrado' },
  postOpsBankStatements: {
    en: 'Bank statement imported',
    sp: 'Estado de cuenta bancario importado',
  },
  postOpsBankStatementsUnmatchedByEntryIdAssign: {
    en: 'Bank movement assigned',
    sp: 'Movimiento bancario asignado',
  },
  postOpsBankStatementsUnmatchedByEntryIdReject: {
    en: 'Bank movement rejected',
    sp: 'Movimiento bancario rechazado',
  },
  postPaymentRecipient: { en: 'Supplier added', sp: 'Proveedor agregado' },
  putPaymentRecipient: { en: 'Supplier changed', sp: 'Proveedor modificado' },
  putPaymentRecipientDelete: { en: 'Supplier deleted', sp: 'Proveedor eliminado' },
  postInvoicesInvoices: { en: 'Invoices listed', sp: 'Facturas consultadas' },
  postInvoices: { en: 'Invoice added', sp: 'Factura agregada' },
  putInvoices: { en: 'Invoice changed', sp: 'Factura modificada' },
  putInvoicesDelete: { en: 'Invoice deleted', sp: 'Factura eliminada' },
  postInvoicesId: { en: 'Invoice viewed', sp: 'Factura consultada' },
  postInvoicesSupplier: {
    en: "Supplier's invoices listed",
    sp: 'Facturas del proveedor consultadas',
  },
  putInvoicesConversion: {
    en: 'Invoice assigned to a conversion',
    sp: 'Factura asignada a una conversión',
  },
  postTransactionsForwardRate: { en: 'Forward rate quoted', sp: 'Tipo de cambio forward cotizado' },
  postTransactions: { en: 'Conversion or forward booked', sp: 'Conversión o forward contratado' },
  postTransactionsCreateTransactionFromInvoice: {
    en: 'Conversion booked for invoices',
    sp: 'Conversión contratada para facturas',
  },
  postTransactionsId: { en: 'Conversion viewed', sp: 'Conversión consultada' },
  postTransactionsDetail: {
    en: 'Conversion details viewed',
    sp: 'Detalle de conversión consultado',
  },
  postTransactionsCloseForward: { en: 'Forward settled', sp: 'Forward liquidado' },
  postTransactionsInvoice: {
    en: 'Invoice added to a conversion',
    sp: 'Factura agregada a una conversión',
  },
  postTransactionsDeleteInvoice: {
    en: 'Invoice removed from a conversion',
    sp: 'Factura quitada de una conversión',
  },
  postPaymentsInvoice: { en: 'Invoice paid', sp: 'Factura pagada' },
  postPaymentsSendPayNow: { en: 'Immediate payment sent', sp: 'Pago inmediato enviado' },
  postPayments: { en: 'Payment from a conversion sent', sp: 'Pago desde una conversión enviado' },
  postPaymentsPaymentReceipt: {
    en: 'Payment receipt viewed',
    sp: 'Comprobante de pago consultado',
  },
  postApprovalsByApprovalIdQuote: { en: 'Approval quoted', sp: 'Aprobación cotizada' },
  postApprovalsByApprovalIdApprove: { en: 'Request approved', sp: 'Solicitud aprobada' },
  postApprovalsByApprovalIdReject: { en: 'Request rejected', sp: 'Solicitud rechazada' },
  putTeamSettings: { en: 'Team settings changed', sp: 'Configuración del equipo modificada' },
  postVendorArticles: { en: 'Article added', sp: 'Artículo agregado' },
  putVendorArticlesByArticleId: { en: 'Article changed', sp: 'Artículo modificado' },
  putVendorArticlesByArticleIdDeactivate: { en: 'Article deactivated', sp: 'Artículo desactivado' },
  putVendorArticlesByArticleIdActivate: { en: 'Article activated', sp: 'Artículo activado' },
  postVendorArticlesByArticleIdImages: {
    en: 'Article photo added',
    sp: 'Foto de artículo agregada',
  },
  deleteVendorArticlesByArticleIdImagesByImageId: {
    en: 'Article photo deleted',
    sp: 'Foto de artículo eliminada',
  },
  postShoppingCartItems: { en: 'Added to cart', sp: 'Agregado al carrito' },
  putShoppingCartItemsByArticleId: {
    en: 'Cart quantity changed',
    sp: 'Cantidad del carrito modificada',
  },
  deleteShoppingCartItemsByArticleId: { en: 'Removed from cart', sp: 'Quitado del carrito' },
  putCustomersByUserIdShoppingCart: { en: 'Cart replaced', sp: 'Carrito reemplazado' },
  patchCustomersByUserIdShoppingCart: { en: 'Cart changed', sp: 'Carrito modificado' },
  postWarehouses: { en: 'Warehouse added', sp: 'Almacén agregado' },
  putWarehousesByWarehouseId: { en: 'Warehouse changed', sp: 'Almacén modificado' },
  deleteWarehousesByWarehouseId: { en: 'Warehouse deleted', sp: 'Almacén eliminado' },
  putProfileEnterprise: { en: 'Company profile changed', sp: 'Perfil de la empresa modificado' },
  putProfileMe: { en: 'Own profile changed', sp: 'Perfil propio modificado' },
  postProfileUsers: { en: 'User added', sp: 'Usuario agregado' },
  putProfileUsersByUserId: { en: 'User changed', sp: 'Usuario modificado' },
  putProfileBank: { en: 'Bank account changed', sp: 'Cuenta bancaria modificada' },
  postOrdersCheckoutPreview: { en: 'Checkout previewed', sp: 'Vista previa del pedido' },
  postOpsEnterprisesByEnterpriseIdVerified: {
    en: 'Company verification changed',
    sp: 'Verificación de empresa modificada',
  },
  postOrdersCheckout: { en: 'Order placed', sp: 'Pedido realizado' },
  postOrdersByOrderIdPay: { en: 'Order paid', sp: 'Pedido pagado' },
  postOrdersByOrderIdAccept: { en: 'Delivery accepted', sp: 'Entrega aceptada' },
  postOrdersByOrderIdPriceChangeAccept: {
    en: 'Raised price accepted',
    sp: 'Aumento de precio aceptado',
  },
  postOrdersByOrderIdPriceChangeReject: {
    en: 'Raised price rejected',
    sp: 'Aumento de precio rechazado',
  },
  postOrdersByOrderIdRating: { en: 'Order rated', sp: 'Pedido calificado' },
  postVendorOrdersByOrderIdStatus: {
    en: 'Order status changed',
    sp: 'Estado del pedido modificado',
  },
  postVendorOrdersByOrderIdDelivery: { en: 'Delivery recorded', sp: 'Entrega registrada' },
  postDisputes: { en: 'Dispute opened', sp: 'Disputa abierta' },
  postDisputesByDisputeIdImages: { en: 'Dispute photo added', sp: 'Foto de disputa agregada' },
  postVendorDisputesByDisputeIdImages: {
    en: "Grower's dispute photo added",
    sp: 'Foto de disputa del productor agregada',
  },
  postVendorDisputesByDisputeIdAnswer: { en: 'Dispute answered', sp: 'Disputa respondida' },
  postOpsDisputesByDisputeIdResolve: { en: 'Dispute resolved', sp: 'Disputa resuelta' },
  postOpsJobsByIdRetry: { en: 'Background job retried', sp: 'Tarea en segundo plano reintentada' },
  postInvoicesCfdiParse: { en: 'CFDI read', sp: 'CFDI leído' },
  postInvoicesCreditNotes: { en: 'Credit note added', sp: 'Nota de crédito agregada' },
  postInvoicesPaymentComplements: {
    en: 'Payment complements imported',
    sp: 'Complementos de pago importados',
  },
  postInvoicesImport: { en: 'Invoices imported', sp: 'Facturas importadas' },
  postPaymentsBatch: { en: 'Batch payment sent', sp: 'Pago en lote enviado' },
  postInvoicesByIdRateOrder: { en: 'Rate order placed', sp: 'Orden de tipo de cambio creada' },
  deleteInvoicesByIdRateOrder: {
    en: 'Rate order cancelled',
    sp: 'Orden de tipo de cambio cancelada',
  },
  postWebhooksEndpoints: { en: 'Webhook added', sp: 'Webhook agregado' },
  putWebhooksEndpointsByEndpointId: { en: 'Webhook changed', sp: 'Webhook modificado' },
  deleteWebhooksEndpointsByEndpointId: { en: 'Webhook deleted', sp: 'Webhook eliminado' },
  postWebhooksEndpointsByEndpointIdRotateSecret: {
    en: 'Webhook secret renewed',
    sp: 'Secreto del webhook renovado',
  },
  postWebhooksEndpointsByEndpointIdDeliveriesByDeliveryIdReplay: {
    en: 'Webhook delivery sent again',
    sp: 'Entrega de webhook reenviada',
  },
  postApiKeys: { en: 'API key created', sp: 'Clave de API creada' },
  deleteApiKeysByApiKeyId: { en: 'API key revoked', sp: 'Clave de API revocada' },
  putAccountingExportAccounts: {
    en: 'Accounting accounts changed',
    sp: 'Cuentas contables modificadas',
  },
  putProfileNotifications: {
    en: 'E-mail notifications changed',
    sp: 'Notificaciones por correo modificadas',
  },
  postAuth2faSetup: {
    en: 'Second factor set up started',
    sp: 'Configuración del segundo factor iniciada',
  },
  postAuth2faEnable: { en: 'Second factor turned on', sp: 'Segundo factor activado' },
  postAuth2faDisable: { en: 'Second factor turned off', sp: 'Segundo factor desactivado' },
  postAuth2faRecoveryCodes: {
    en: 'Recovery codes renewed',
    sp: 'Códigos de recuperación renovados',
  },
  postProfileUsersByUserId2faReset: {
    en: "User's second factor reset",
    sp: 'Segundo factor del usuario restablecido',
  },
  putSettingsSecurity: { en: 'Security policy changed', sp: 'Política de seguridad modificada' },
  postOpsSpeiSimulateIncoming: { en: 'Incoming SPEI simulated', sp: 'SPEI recibido simulado' },
  postOpsReconciliationStp: { en: 'STP reconciliation run', sp: 'Conciliación con STP ejecutada' },
};

/** The words of an action in a language; an action unknown to this build reads as a change. */
export function auditActionLabel(action: string, language: string): string | undefined {
  const label = AUDIT_ACTION_LABELS[action];
  if (!label) return undefined;
  return language === 'sp' ? label.sp : label.en;
}
