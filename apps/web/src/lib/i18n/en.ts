import { catalogEn } from './features/catalog';
import { cartEn } from './features/cart';
import { ordersEn } from './features/orders';
import { disputesEn } from './features/disputes';
import { profileEn } from './features/profile';
import { warehousesEn } from './features/warehouses';
import { financeEn } from './features/finance';
import { exchangeEn } from './features/exchange';
import { invoicesEn } from './features/invoices';
import { forwardsEn } from './features/forwards';
import { conversionsEn } from './features/conversions';
import { paymentsEn } from './features/payments';
import { suppliersEn } from './features/suppliers';
import { statementEn } from './features/statement';
import { operatorEn } from './features/operator';
/**
 * English texts. Every user-visible string of the web app lives here and in `sp.ts`,
 * which must have the same keys (the `Translation` type enforces it).
 */
export const en = {
  app: {
    name: 'Pesos & Produce',
    home: 'Pesos & Produce home',
  },
  common: {
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    ok: 'OK',
    close: 'Close',
    goHome: 'Go to the home page',
  },
  language: {
    label: 'Language',
    en: 'English',
    sp: 'Español',
  },
  nav: {
    openMenu: 'Open menu',
    mainNavigation: 'Main navigation',
    catalogue: 'Catalogue',
    vendors: 'Growers',
    logIn: 'Log in',
    signUp: 'Sign up',
    account: 'Account',
    dashboard: 'Finance dashboard',
    profile: 'Company profile',
    orders: 'Orders',
    shoppingCart: 'Shopping cart',
    marketplace: 'Marketplace',
    logOut: 'Log out',
  },
  menu: {
    label: 'Dashboard menu',
    sections: {
      operations: 'Operations',
      history: 'History',
      wallets: 'Wallets',
    },
    items: {
      exchange: 'Dashboard',
      invoices: 'Invoice tracking',
      forwards: 'Active forwards',
      conversions: 'Conversion history',
      payments: 'Payment history',
      suppliers: 'Suppliers',
      statement: 'Account statement',
      income: 'Income history',
    },
    comingSoon: 'Not available yet',
  },
  header: {
    greeting: 'Hello, {{name}}',
    currentTime: 'Current time',
  },
  footer: {
    tagline: 'Mexican produce for US buyers, and supplier payments in pesos.',
    rights: '© {{year}} Pesos & Produce. All rights reserved.',
    links: 'Footer links',
  },
  pages: {
    exchange: 'Dashboard',
    invoices: 'Invoice tracking',
    forwards: 'Active forwards',
    balance: 'Available MXN balance',
    conversions: 'Conversion history',
    payments: 'Payment history',
    suppliers: 'Suppliers',
    statement: 'Account statement',
    income: 'Income history',
    welcome: 'Welcome',
    superbuyer: 'SuperBuyer',
    catalogs: 'Catalogue',
    subcatalogs: 'Subcategories',
    articles: 'Articles',
    article: 'Article',
    vendors: 'Growers',
    vendorDetail: 'Grower',
    profile: 'Company profile',
    warehouses: 'Warehouses',
    addWarehouse: 'Add warehouse',
    editWarehouse: 'Edit warehouse',
    shoppingCart: 'Shopping cart',
    orders: 'Orders',
    orderDetail: 'Order detail',
    paymentProcess: 'Checkout',
    disputes: 'Disputes',
    dispute: 'Dispute',
  },
  notBuilt: {
    message: 'This page is not built yet.',
  },
  adminRequired: {
    title: 'Administrator account needed',
    message:
      'This page needs an administrator account of your company. Ask your company administrator for access.',
  },
  routeError: {
    title: 'Something went wrong',
    message: 'The page could not be loaded. Check your connection and reload the page.',
    reload: 'Reload the page',
  },
  session: {
    endedTitle: 'Session ended',
    endedMessage: 'Your session has ended due to inactivity.',
  },
  errors: {
    network: 'Could not reach the server. Check your connection and try again.',
    unknown: 'Something went wrong. Please try again.',
  },
  validation: {
    required: 'This field is required.',
    email: 'Enter a valid e-mail address.',
    minLength: 'Use at least {{count}} characters.',
    maxLength: 'Use at most {{count}} characters.',
    phone: 'Enter a valid phone number (digits, spaces, +, - and parentheses).',
    invalid: 'This value is not valid.',
    PASSWORDS_DO_NOT_MATCH: 'The passwords do not match.',
  },
  auth: {
    email: 'E-mail',
    password: 'Password',
    confirmPassword: 'Confirm password',
    login: {
      title: 'Log in',
      intro: 'Welcome back. Log in to your marketplace and finance account.',
      submit: 'Log in',
      forgotPassword: 'Forgot your password?',
      noAccount: 'New here?',
      createAccount: 'Create an account',
    },
    signupChooser: {
      title: 'Create an account',
      intro: 'Choose the kind of company you are signing up.',
      customerTitle: 'US buyer',
      customerText:
        'Buy produce straight from Mexican growers and pay your Mexican suppliers in pesos from your USD balance.',
      customerAction: 'Sign up as a buyer',
      vendorTitle: 'Mexican grower',
      vendorText: 'Sell your produce to buyers in the United States, with no intermediaries.',
      vendorAction: 'Sign up as a grower',
      haveAccount: 'Already have an account?',
    },
    signup: {
      customerTitle: 'Buyer sign-up',
      vendorTitle: 'Grower sign-up',
      intro: 'Tell us about you and your company. You will be logged in right away.',
      name: 'Name',
      lastName: 'Last name',
      phone: 'Phone',
      companyName: 'Company name',
      passwordHint: 'At least {{count}} characters.',
      submit: 'Create account',
      created: 'Your account was created.',
      otherKind: 'Choose another account type',
      haveAccount: 'Already have an account?',
    },
    recovery: {
      title: 'Recover your password',
      intro:
        'Enter the e-mail of your account and we will send you a link to choose a new password.',
      submit: 'Send link',
      sent: 'If an account exists for that e-mail, we sent a link.',
      backToLogin: 'Back to log in',
    },
    changePassword: {
      title: 'Choose a new password',
      intro: 'Enter your new password twice.',
      newPassword: 'New password',
      submit: 'Change password',
      changed: 'Your password was changed. Log in with your new password.',
      requestNewLink: 'Request a new link',
    },
  },
  home: {
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
      financing: 'Financing',
      financingText: 'Pay on terms that fit the produce trade.',
      insurance: 'Insurance',
      insuranceText: 'Cover your loads against loss and damage on the way.',
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
  },
  finance: financeEn,
  exchange: exchangeEn,
  invoices: invoicesEn,
  forwards: forwardsEn,
  conversions: conversionsEn,
  payments: paymentsEn,
  suppliers: suppliersEn,
  statement: statementEn,
  operator: operatorEn,
  catalog: catalogEn,
  cart: cartEn,
  orders: ordersEn,
  disputes: disputesEn,
  profile: profileEn,
  warehouses: warehousesEn,
} as const;
