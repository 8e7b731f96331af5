import { ERROR_MESSAGES, type ErrorCode, type Language } from './errors.js';

/**
 * The numbers a refusal carries so its message can say exactly what to do
 * ('You already have 120 boxes in your cart; 30 more are available.').
 */
export type ErrorParams = Readonly<Record<string, number>>;

type Template = (params: ErrorParams, language: Language) => string | undefined;

const LOCALE: Record<Language, string> = { en: 'en-US', sp: 'es-MX' };

function count(language: Language, value: number): string {
  return new Intl.NumberFormat(LOCALE[language]).format(value);
}

function boxes(language: Language, value: number): string {
  const unit = language === 'sp' ? (value === 1 ? 'caja' : 'cajas') : value === 1 ? 'box' : 'boxes';
  return `${count(language, value)} ${unit}`;
}

function has(params: ErrorParams, ...names: string[]): boolean {
  return names.every((name) => Number.isFinite(params[name]));
}

/** The prerequisites of a verification, by the flag a refusal carries for each. */
const PREREQUISITE_NAMES: Record<Language, Record<'pacaLicense' | 'taxId' | 'clabe', string>> = {
  en: { pacaLicense: 'PACA licence', taxId: 'tax id (RFC)', clabe: 'bank data (CLABE)' },
  sp: { pacaLicense: 'licencia PACA', taxId: 'RFC (tax id)', clabe: 'datos bancarios (CLABE)' },
};

function listOf(language: Language, items: string[]): string {
  return new Intl.ListFormat(LOCALE[language], { type: 'conjunction' }).format(items);
}

const TEMPLATES: Partial<Record<ErrorCode, Template>> = {
  /** `pacaLicense`, `taxId`, `clabe`: 1 for each prerequisite the grower has not registered. */
  VERIFICATION_INCOMPLETE: (params, language) => {
    const names = PREREQUISITE_NAMES[language];
    const missing = (['pacaLicense', 'taxId', 'clabe'] as const)
      .filter((name) => params[name] === 1)
      .map((name) => names[name]);
    if (missing.length === 0) return undefined;
    return language === 'sp'
      ? `Aún no se puede verificar a este productor: le falta registrar ${listOf(language, missing)}.`
      : `This grower cannot be verified yet: its ${listOf(language, missing)} ${missing.length === 1 ? 'is' : 'are'} missing.`;
  },
  /** `maxAmount`: the largest amount the field takes, in whole units of its currency. */
  INVALID_INPUT: (params, language) => {
    if (!has(params, 'maxAmount')) return undefined;
    const max = new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2 }).format(
      params.maxAmount ?? 0,
    );
    return language === 'sp'
      ? `El monto pasa del máximo permitido de ${max}; revisa que no sobren ceros.`
      : `The amount is above the largest allowed, ${max}; check for extra zeros.`;
  },
  /** `available`: boxes the buyer may still add; `inCart`: boxes already in the cart. */
  OVER_STOCK: (params, language) => {
    if (!has(params, 'available')) return undefined;
    const available = params.available ?? 0;
    const inCart = params.inCart ?? 0;
    if (language === 'sp') {
      if (inCart <= 0)
        return `Solo hay ${boxes(language, available)} disponibles; baja la cantidad.`;
      return available > 0
        ? `Ya tienes ${boxes(language, inCart)} en tu carrito; hay ${count(language, available)} más disponibles.`
        : `Ya tienes en tu carrito las ${boxes(language, inCart)} disponibles; no se pueden agregar más.`;
    }
    if (inCart <= 0) return `Only ${boxes(language, available)} are available; lower the quantity.`;
    return available > 0
      ? `You already have ${boxes(language, inCart)} in your cart; ${count(language, available)} more are available.`
      : `You already have all ${boxes(language, inCart)} available in your cart; no more can be added.`;
  },
  /** `minimum`: the article's minimum order; `inCart`: boxes already in the cart. */
  UNDER_MINIMUM: (params, language) => {
    if (!has(params, 'minimum')) return undefined;
    const minimum = params.minimum ?? 0;
    const inCart = params.inCart ?? 0;
    if (language === 'sp') {
      return inCart > 0
        ? `El pedido mínimo de este artículo es de ${boxes(language, minimum)}; tienes ${count(language, inCart)} en tu carrito, agrega al menos ${count(language, minimum - inCart)} más.`
        : `El pedido mínimo de este artículo es de ${boxes(language, minimum)}; pide al menos ${count(language, minimum)}.`;
    }
    return inCart > 0
      ? `The minimum order for this article is ${boxes(language, minimum)}; you have ${count(language, inCart)} in your cart, add at least ${count(language, minimum - inCart)} more.`
      : `The minimum order for this article is ${boxes(language, minimum)}; order at least ${count(language, minimum)}.`;
  },
  /** `hours`: the dispute window after delivery. */
  DISPUTE_WINDOW_CLOSED: (params, language) => {
    if (!has(params, 'hours')) return undefined;
    const hours = count(language, params.hours ?? 0);
    return language === 'sp'
      ? `Una disputa se abre dentro de las ${hours} horas siguientes a la entrega, y ese plazo ya pasó; resuélvelo directamente con el productor.`
      : `A dispute can be opened within ${hours} hours of delivery, and that time has passed; settle it with the grower directly.`;
  },
};

/** The message of an error in a language: the specific one when its numbers are given. */
export function errorMessage(language: Language, code: ErrorCode, params?: ErrorParams): string {
  const template = params ? TEMPLATES[code] : undefined;
  return (template && params && template(params, language)) || ERROR_MESSAGES[language][code];
}
