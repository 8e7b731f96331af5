import { i18n } from './i18n';

/**
 * The texts of each feature, in both languages, each its own chunk. The router loads a
 * page's feature texts together with its code (`withFeatureTexts` in `app/router.tsx`), so
 * the first load carries only the shell's texts and those of the page shown, and a page
 * never renders before its texts are in. Both languages come at once: switching language
 * on a page never waits for a download.
 */
const FEATURE_TEXTS = {
  finance: async () => {
    const { financeEn, financeSp } = await import('./features/finance');
    return { en: financeEn, sp: financeSp };
  },
  exchange: async () => {
    const { exchangeEn, exchangeSp } = await import('./features/exchange');
    return { en: exchangeEn, sp: exchangeSp };
  },
  invoices: async () => {
    const { invoicesEn, invoicesSp } = await import('./features/invoices');
    return { en: invoicesEn, sp: invoicesSp };
  },
  forwards: async () => {
    const { forwardsEn, forwardsSp } = await import('./features/forwards');
    return { en: forwardsEn, sp: forwardsSp };
  },
  conversions: async () => {
    const { conversionsEn, conversionsSp } = await import('./features/conversions');
    return { en: conversionsEn, sp: conversionsSp };
  },
  payments: async () => {
    const { paymentsEn, paymentsSp } = await import('./features/payments');
    return { en: paymentsEn, sp: paymentsSp };
  },
  suppliers: async () => {
    const { suppliersEn, suppliersSp } = await import('./features/suppliers');
    return { en: suppliersEn, sp: suppliersSp };
  },
  statement: async () => {
    const { statementEn, statementSp } = await import('./features/statement');
    return { en: statementEn, sp: statementSp };
  },
  operator: async () => {
    const { operatorEn, operatorSp } = await import('./features/operator');
    return { en: operatorEn, sp: operatorSp };
  },
  catalog: async () => {
    const { catalogEn, catalogSp } = await import('./features/catalog');
    return { en: catalogEn, sp: catalogSp };
  },
  cart: async () => {
    const { cartEn, cartSp } = await import('./features/cart');
    return { en: cartEn, sp: cartSp };
  },
  orders: async () => {
    const { ordersEn, ordersSp } = await import('./features/orders');
    return { en: ordersEn, sp: ordersSp };
  },
  disputes: async () => {
    const { disputesEn, disputesSp } = await import('./features/disputes');
    return { en: disputesEn, sp: disputesSp };
  },
  profile: async () => {
    const { profileEn, profileSp } = await import('./features/profile');
    return { en: profileEn, sp: profileSp };
  },
  warehouses: async () => {
    const { warehousesEn, warehousesSp } = await import('./features/warehouses');
    return { en: warehousesEn, sp: warehousesSp };
  },
  payables: async () => {
    const { payablesEn, payablesSp } = await import('./features/payables');
    return { en: payablesEn, sp: payablesSp };
  },
  money: async () => {
    const { moneyEn, moneySp } = await import('./features/money');
    return { en: moneyEn, sp: moneySp };
  },
  auth: async () => {
    const { authEn, authSp } = await import('./features/auth');
    return { en: authEn, sp: authSp };
  },
  home: async () => {
    const { homeEn, homeSp } = await import('./features/home');
    return { en: homeEn, sp: homeSp };
  },
  onboarding: async () => {
    const { onboardingEn, onboardingSp } = await import('./features/onboarding');
    return { en: onboardingEn, sp: onboardingSp };
  },
  security: async () => {
    const { securityEn, securitySp } = await import('./features/security');
    return { en: securityEn, sp: securitySp };
  },
};

type Loaders = typeof FEATURE_TEXTS;
export type FeatureName = keyof Loaders;

/** Each feature's English texts under the feature's key (`t('invoices.title')`). */
export type FeatureTexts = { [K in FeatureName]: Awaited<ReturnType<Loaders[K]>>['en'] };

const loading = new Map<FeatureName, Promise<void>>();

function loadOne(name: FeatureName): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = FEATURE_TEXTS[name]().then(({ en, sp }) => {
      i18n.addResourceBundle('en', 'translation', { [name]: en }, true, true);
      i18n.addResourceBundle('sp', 'translation', { [name]: sp }, true, true);
    });
    // A chunk that failed to load (e.g. offline) is asked for again next time.
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

/** Loads the texts of the given features (once each) into both languages. */
export async function loadFeatureTexts(...names: FeatureName[]): Promise<void> {
  await Promise.all(names.map(loadOne));
}

/** A module (a lazy page) that resolves only once the texts of its features are in too. */
export async function withFeatureTexts<T>(features: FeatureName[], module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadFeatureTexts(...features)]);
  return loaded;
}
