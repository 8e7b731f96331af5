import type { Widen } from '../translation';

/** Texts of the landing page. English first; Spanish must have the same keys. */
export const homeEn = {
  title: 'Fresh Mexican produce for US buyers, and supplier payments in pesos',
  intro:
    'One account for the marketplace that connects Mexican growers with buyers in the United States, and for the finance dashboard that pays your Mexican suppliers in pesos.',
  logIn: 'Log in',
  signUp: 'Sign up',
  goToDashboard: 'Go to the finance dashboard',
  marketplace: {
    title: 'Produce marketplace',
    intro: 'Mexican growers sell straight to US buyers, with no intermediaries.',
    purchases: 'Purchases',
    purchasesText:
      'Browse the catalogue and buy by pallet or box, FOB McAllen, from verified growers.',
    logistics: 'Logistics',
    logisticsText:
      'Follow each order from the packhouse through the border crossing to your warehouse.',
    paymentOptions: 'Pay in dollars or pesos',
    paymentOptionsText:
      'Pay the grower from your USD balance, from pesos you converted, at a rate locked for 24 hours, or with a forward.',
    disputes: 'Disputes and trade documents',
    disputesText:
      'Open a dispute with photos within 8 hours of delivery, and download the commercial invoice, packing list and bill of lading of each order.',
    browse: 'Browse the catalogue',
  },
  finance: {
    title: 'Finance dashboard',
    intro: 'For US companies that hold dollars and pay Mexican suppliers in pesos.',
    rates: 'Live USD/MXN rate',
    ratesText: 'Convert at the current rate, refreshed every minute.',
    invoices: 'Supplier invoices',
    invoicesText: 'Record invoices with the rate you budgeted and see your currency gain.',
    forwards: 'Forwards',
    forwardsText: 'Lock a rate today for a payment on a future date.',
    payments: 'Payments in pesos',
    paymentsText: 'Pay suppliers by SPEI to their CLABE, with receipts and statements.',
  },
} as const;

export const homeSp: Widen<typeof homeEn> = {
  title: 'Productos frescos de México para compradores de EE. UU. y pagos a proveedores en pesos',
  intro:
    'Una sola cuenta para el marketplace que conecta a productores mexicanos con compradores en Estados Unidos, y para el dashboard financiero que paga a tus proveedores mexicanos en pesos.',
  logIn: 'Iniciar sesión',
  signUp: 'Registrarse',
  goToDashboard: 'Ir al dashboard financiero',
  marketplace: {
    title: 'Marketplace de productos',
    intro:
      'Productores mexicanos venden directamente a compradores de EE. UU., sin intermediarios.',
    purchases: 'Compras',
    purchasesText:
      'Explora el catálogo y compra por tarima o por caja, FOB McAllen, a productores verificados.',
    logistics: 'Logística',
    logisticsText: 'Sigue cada pedido desde el empaque, por el cruce fronterizo, hasta tu almacén.',
    paymentOptions: 'Paga en dólares o en pesos',
    paymentOptionsText:
      'Paga al productor con tu saldo en USD, con pesos que convertiste, a un tipo de cambio fijo por 24 horas o con un forward.',
    disputes: 'Disputas y documentos de comercio',
    disputesText:
      'Abre una disputa con fotos dentro de las 8 horas siguientes a la entrega, y descarga la factura comercial, la lista de empaque y el conocimiento de embarque de cada pedido.',
    browse: 'Explorar el catálogo',
  },
  finance: {
    title: 'Dashboard financiero',
    intro: 'Para empresas de EE. UU. que tienen dólares y pagan a proveedores mexicanos en pesos.',
    rates: 'Tipo de cambio USD/MXN en vivo',
    ratesText: 'Convierte al tipo de cambio actual, actualizado cada minuto.',
    invoices: 'Facturas de proveedores',
    invoicesText:
      'Registra tus facturas con el tipo de cambio presupuestado y ve tu ganancia cambiaria.',
    forwards: 'Forwards',
    forwardsText: 'Fija hoy un tipo de cambio para un pago en una fecha futura.',
    payments: 'Pagos en pesos',
    paymentsText: 'Paga a proveedores por SPEI a su CLABE, con comprobantes y estados de cuenta.',
  },
};
