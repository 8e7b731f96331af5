import { catalogSp } from './features/catalog';
import { cartSp } from './features/cart';
import { ordersSp } from './features/orders';
import { disputesSp } from './features/disputes';
import { profileSp } from './features/profile';
import { warehousesSp } from './features/warehouses';
import { financeSp } from './features/finance';
import { exchangeSp } from './features/exchange';
import { invoicesSp } from './features/invoices';
import { forwardsSp } from './features/forwards';
import { conversionsSp } from './features/conversions';
import { paymentsSp } from './features/payments';
import { suppliersSp } from './features/suppliers';
import { statementSp } from './features/statement';
import { operatorSp } from './features/operator';
import type { Translation } from './translation';

/** Spanish texts (language code `sp`). Labels of the specification are used as written. */
export const sp: Translation = {
  app: {
    name: 'Pesos & Produce',
    home: 'Inicio de Pesos & Produce',
  },
  common: {
    skipToContent: 'Saltar al contenido principal',
    loading: 'Cargando…',
    ok: 'OK',
    close: 'Cerrar',
    goHome: 'Ir a la página de inicio',
  },
  language: {
    label: 'Idioma',
    en: 'English',
    sp: 'Español',
  },
  nav: {
    openMenu: 'Abrir menú',
    mainNavigation: 'Navegación principal',
    catalogue: 'Catálogo',
    vendors: 'Productores',
    logIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    account: 'Cuenta',
    dashboard: 'Dashboard financiero',
    profile: 'Perfil de la empresa',
    orders: 'Pedidos',
    shoppingCart: 'Carrito de compras',
    marketplace: 'Marketplace',
    logOut: 'Cerrar sesión',
  },
  menu: {
    label: 'Menú del dashboard',
    sections: {
      operations: 'Operaciones',
      history: 'Historial',
      wallets: 'Wallets',
    },
    items: {
      exchange: 'Dashboard',
      invoices: 'Seguimiento de facturas',
      forwards: 'Forwards activos',
      conversions: 'Historial de conversiones',
      payments: 'Historial de pagos',
      suppliers: 'Proveedores',
      statement: 'Estado de cuenta',
      income: 'Historial de ingresos',
    },
    comingSoon: 'Aún no disponible',
  },
  header: {
    greeting: 'Hola, {{name}}',
    currentTime: 'Hora actual',
  },
  footer: {
    tagline: 'Productos mexicanos para compradores de EE. UU. y pagos a proveedores en pesos.',
    rights: '© {{year}} Pesos & Produce. Todos los derechos reservados.',
    links: 'Enlaces del pie de página',
  },
  pages: {
    exchange: 'Dashboard',
    invoices: 'Facturas pendientes',
    forwards: 'Forwards activos',
    balance: 'Saldo disponible MXN',
    conversions: 'Historial de conversiones',
    payments: 'Historial de egresos',
    suppliers: 'Proveedores',
    statement: 'Estado de cuenta',
    income: 'Historial de ingresos',
    welcome: 'Bienvenido',
    superbuyer: 'SuperBuyer',
    catalogs: 'Catálogo',
    subcatalogs: 'Subcategorías',
    articles: 'Artículos',
    article: 'Artículo',
    vendors: 'Productores',
    vendorDetail: 'Productor',
    profile: 'Perfil de la empresa',
    warehouses: 'Almacenes',
    addWarehouse: 'Agregar almacén',
    editWarehouse: 'Editar almacén',
    shoppingCart: 'Carrito de compras',
    orders: 'Pedidos',
    orderDetail: 'Detalle del pedido',
    paymentProcess: 'Proceso de pago',
    disputes: 'Disputas',
    dispute: 'Disputa',
  },
  notBuilt: {
    message: 'Esta página aún no está construida.',
  },
  adminRequired: {
    title: 'Se necesita una cuenta de administrador',
    message:
      'Esta página necesita una cuenta de administrador de tu empresa. Pide acceso al administrador de tu empresa.',
  },
  routeError: {
    title: 'Algo salió mal',
    message: 'No se pudo cargar la página. Revisa tu conexión y vuelve a cargar la página.',
    reload: 'Volver a cargar la página',
  },
  session: {
    endedTitle: 'Sesión terminada',
    endedMessage: 'Tu sesión ha terminado por inactividad.',
  },
  errors: {
    network: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    unknown: 'Algo salió mal. Inténtalo de nuevo.',
  },
  validation: {
    required: 'El campo es obligatorio',
    email: 'Escribe un correo electrónico válido.',
    minLength: 'Usa al menos {{count}} caracteres.',
    maxLength: 'Usa como máximo {{count}} caracteres.',
    phone: 'Escribe un teléfono válido (dígitos, espacios, +, - y paréntesis).',
    invalid: 'Este valor no es válido.',
    PASSWORDS_DO_NOT_MATCH: 'Las contraseñas no coinciden.',
  },
  auth: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    login: {
      title: 'Iniciar sesión',
      intro: 'Bienvenido de nuevo. Inicia sesión en tu cuenta del marketplace y de finanzas.',
      submit: 'Iniciar sesión',
      forgotPassword: '¿Olvidaste tu contraseña?',
      noAccount: '¿Eres nuevo?',
      createAccount: 'Crear una cuenta',
    },
    signupChooser: {
      title: 'Crear una cuenta',
      intro: 'Elige el tipo de empresa que vas a registrar.',
      customerTitle: 'Comprador en EE. UU.',
      customerText:
        'Compra productos directamente a productores mexicanos y paga a tus proveedores mexicanos en pesos desde tu saldo en USD.',
      customerAction: 'Registrarme como comprador',
      vendorTitle: 'Productor mexicano',
      vendorText: 'Vende tus productos a compradores en Estados Unidos, sin intermediarios.',
      vendorAction: 'Registrarme como productor',
      haveAccount: '¿Ya tienes una cuenta?',
    },
    signup: {
      customerTitle: 'Registro de comprador',
      vendorTitle: 'Registro de productor',
      intro: 'Cuéntanos de ti y de tu empresa. Iniciarás sesión de inmediato.',
      name: 'Nombre',
      lastName: 'Apellido',
      phone: 'Teléfono',
      companyName: 'Nombre de la empresa',
      passwordHint: 'Al menos {{count}} caracteres.',
      submit: 'Crear cuenta',
      created: 'Tu cuenta fue creada.',
      otherKind: 'Elegir otro tipo de cuenta',
      haveAccount: '¿Ya tienes una cuenta?',
    },
    recovery: {
      title: 'Recupera tu contraseña',
      intro:
        'Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
      submit: 'Enviar enlace',
      sent: 'Si existe una cuenta con ese correo, te enviamos un enlace.',
      backToLogin: 'Volver a iniciar sesión',
    },
    changePassword: {
      title: 'Elige una contraseña nueva',
      intro: 'Escribe tu contraseña nueva dos veces.',
      newPassword: 'Contraseña nueva',
      submit: 'Cambiar contraseña',
      changed: 'Tu contraseña fue cambiada. Inicia sesión con tu contraseña nueva.',
      requestNewLink: 'Solicitar un enlace nuevo',
    },
  },
  home: {
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
      logisticsText:
        'Sigue cada pedido desde el empaque, por el cruce fronterizo, hasta tu almacén.',
      financing: 'Financiamiento',
      financingText: 'Paga con plazos que se ajustan al comercio de productos frescos.',
      insurance: 'Seguros',
      insuranceText: 'Asegura tus cargas contra pérdidas y daños en el camino.',
      browse: 'Explorar el catálogo',
    },
    finance: {
      title: 'Dashboard financiero',
      intro:
        'Para empresas de EE. UU. que tienen dólares y pagan a proveedores mexicanos en pesos.',
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
  },
  finance: financeSp,
  exchange: exchangeSp,
  invoices: invoicesSp,
  forwards: forwardsSp,
  conversions: conversionsSp,
  payments: paymentsSp,
  suppliers: suppliersSp,
  statement: statementSp,
  operator: operatorSp,
  catalog: catalogSp,
  cart: cartSp,
  orders: ordersSp,
  disputes: disputesSp,
  profile: profileSp,
  warehouses: warehousesSp,
};
