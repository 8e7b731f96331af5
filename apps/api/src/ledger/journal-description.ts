import type { Language } from '@app/domain';

/**
 * Journal descriptions are stored as a code and its parameters (`journals.description_code`,
 * `journals.description_params`) and rendered in the reader's language when read: a
 * statement in Spanish shows Spanish descriptions, on screen, in Excel and in the PDF. The
 * English text is kept in `journals.description` too, for anything reading the table raw.
 */
export type JournalDescription =
  | { code: 'WIRE_RECEIVED'; params: { reference: string } }
  | { code: 'SPEI_RECEIVED'; params: { sender: string; trackingKey: string } }
  | { code: 'FOREX'; params: { tracking: string } }
  | { code: 'FORWARD_BOOKING'; params: { tracking: string; date: string } }
  | { code: 'FORWARD_SETTLED'; params: { tracking: string } }
  | { code: 'PAY_NOW'; params: { recipient: string } }
  | { code: 'SUPPLIER_PAYMENT'; params: { recipient: string; tracking: string } }
  | { code: 'PAYOUT_COMPLETED'; params: { trackingKey: string } }
  | { code: 'PAYOUT_RETURNED'; params: { trackingKey: string } }
  | { code: 'ORDER_HOLD'; params: { tracking: string } }
  | { code: 'ORDER_PRICE_RAISE'; params: { tracking: string } }
  | { code: 'ORDER_RELEASE'; params: { tracking: string; recipient: string } }
  | { code: 'ORDER_REFUND'; params: { tracking: string } };

export type JournalDescriptionCode = JournalDescription['code'];

type Params = Record<string, string>;
type Template = (params: Params, formatDate: (date: string) => string) => string;

const TEMPLATES: Record<Language, Record<JournalDescriptionCode, Template>> = {
  en: {
    WIRE_RECEIVED: (p) => `Wire received, reference ${p.reference ?? ''}`,
    SPEI_RECEIVED: (p) =>
      `SPEI received from ${p.sender ?? ''}, tracking key ${p.trackingKey ?? ''}`,
    FOREX: (p) => `Forex #${p.tracking ?? ''}: USD to MXN`,
    FORWARD_BOOKING: (p, date) =>
      `Forward #${p.tracking ?? ''}: 5% deposit held until ${date(p.date ?? '')}`,
    FORWARD_SETTLED: (p) => `Forward #${p.tracking ?? ''} settled`,
    PAY_NOW: (p) => `Pay now to ${p.recipient ?? ''}`,
    SUPPLIER_PAYMENT: (p) => `Payment to ${p.recipient ?? ''} from conversion #${p.tracking ?? ''}`,
    PAYOUT_COMPLETED: (p) => `Payout ${p.trackingKey ?? ''} completed`,
    PAYOUT_RETURNED: (p) => `Payout ${p.trackingKey ?? ''} returned by the receiving bank`,
    ORDER_HOLD: (p) =>
      `Marketplace order #${p.tracking ?? ''}: goods held until acceptance, and its fees`,
    ORDER_PRICE_RAISE: (p) =>
      `Marketplace order #${p.tracking ?? ''}: price raise you accepted, held until acceptance`,
    ORDER_RELEASE: (p) =>
      `Marketplace order #${p.tracking ?? ''}: payout to the grower ${p.recipient ?? ''}`,
    ORDER_REFUND: (p) => `Refund of marketplace order #${p.tracking ?? ''}`,
  },
  sp: {
    WIRE_RECEIVED: (p) => `Transferencia recibida, referencia ${p.reference ?? ''}`,
    SPEI_RECEIVED: (p) =>
      `SPEI recibido de ${p.sender ?? ''}, clave de rastreo ${p.trackingKey ?? ''}`,
    FOREX: (p) => `Forex #${p.tracking ?? ''}: USD a MXN`,
    FORWARD_BOOKING: (p, date) =>
      `Forward #${p.tracking ?? ''}: depósito del 5% retenido hasta el ${date(p.date ?? '')}`,
    FORWARD_SETTLED: (p) => `Forward #${p.tracking ?? ''} liquidado`,
    PAY_NOW: (p) => `Pago inmediato a ${p.recipient ?? ''}`,
    SUPPLIER_PAYMENT: (p) => `Pago a ${p.recipient ?? ''} desde la conversión #${p.tracking ?? ''}`,
    PAYOUT_COMPLETED: (p) => `Pago ${p.trackingKey ?? ''} liquidado`,
    PAYOUT_RETURNED: (p) => `Pago ${p.trackingKey ?? ''} devuelto por el banco receptor`,
    ORDER_HOLD: (p) =>
      `Pedido del marketplace #${p.tracking ?? ''}: mercancía retenida hasta la aceptación, y sus cargos`,
    ORDER_PRICE_RAISE: (p) =>
      `Pedido del marketplace #${p.tracking ?? ''}: aumento de precio que aceptaste, retenido hasta la aceptación`,
    ORDER_RELEASE: (p) =>
      `Pedido del marketplace #${p.tracking ?? ''}: pago al productor ${p.recipient ?? ''}`,
    ORDER_REFUND: (p) => `Reembolso del pedido del marketplace #${p.tracking ?? ''}`,
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', sp: 'es-MX' };

/** 'YYYY-MM-DD' → 'Nov 21, 2026' / '21 nov 2026' (a calendar day: no time zone applies). */
export function formatCalendarDate(date: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc);
}

/** 'YYYY-MM-DD' → '11/21/2026' (en) / '21/11/2026' (sp): the compact date of a table cell. */
export function formatShortCalendarDate(date: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return language === 'sp'
    ? `${match[3]}/${match[2]}/${match[1]}`
    : `${match[2]}/${match[3]}/${match[1]}`;
}

function isCode(code: string): code is JournalDescriptionCode {
  return code in TEMPLATES.en;
}

/** The description in a language; a stored code this version does not know shows `fallback`. */
export function renderJournalDescription(
  code: string | null,
  params: unknown,
  fallback: string,
  language: Language,
): string {
  if (code === null || !isCode(code)) return fallback;
  const values: Params = {};
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) values[key] = String(value);
  }
  return TEMPLATES[language][code](values, (date) => formatCalendarDate(date, language));
}

/** What a journal writer stores: the English text, the code and its parameters. */
export function journalText(description: JournalDescription): {
  description: string;
  descriptionCode: JournalDescription;
} {
  return {
    description: renderJournalDescription(description.code, description.params, '', 'en'),
    descriptionCode: description,
  };
}
