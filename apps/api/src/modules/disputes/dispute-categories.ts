import type { Language } from '@app/domain';

type Labels = { en: string; sp: string };

/**
 * Dispute categories: those of USDA PACA complaints (non-payment, failure to ship,
 * wrongful rejection, contract terms, disagreement with inspection, unauthorized
 * deductions) plus quality/condition and quantity for the platform, each with its
 * subcategories.
 */
export const DISPUTE_CATEGORIES = {
  NON_PAYMENT: {
    labels: { en: 'Non-payment', sp: 'Falta de pago' },
    subcategories: {
      NOT_PAID: { en: 'Not paid', sp: 'No pagado' },
      PAID_LATE: { en: 'Paid late', sp: 'Pagado tarde' },
      PARTIAL_PAYMENT: { en: 'Partial payment', sp: 'Pago parcial' },
    },
  },
  FAILURE_TO_SHIP: {
    labels: { en: 'Failure to ship', sp: 'Falta de envío' },
    subcategories: {
      NOT_SHIPPED: { en: 'Not shipped', sp: 'No enviado' },
      LATE_SHIPMENT: { en: 'Late shipment', sp: 'Envío tardío' },
      PARTIAL_SHIPMENT: { en: 'Partial shipment', sp: 'Envío parcial' },
    },
  },
  WRONGFUL_REJECTION: {
    labels: { en: 'Wrongful rejection', sp: 'Rechazo injustificado' },
    subcategories: {
      REJECTED_WITHOUT_CAUSE: { en: 'Rejected without cause', sp: 'Rechazado sin causa' },
      REJECTED_OUT_OF_TIME: {
        en: 'Rejected after the 8-hour window',
        sp: 'Rechazado después de las 8 horas',
      },
    },
  },
  QUALITY_CONDITION: {
    labels: { en: 'Quality or condition', sp: 'Calidad o condición' },
    subcategories: {
      DECAY: { en: 'Decay or mould', sp: 'Pudrición o moho' },
      TEMPERATURE: { en: 'Temperature abuse', sp: 'Mal manejo de temperatura' },
      BELOW_GRADE: { en: 'Below the agreed grade', sp: 'Por debajo del grado acordado' },
      DAMAGED_PACKAGING: { en: 'Damaged packaging', sp: 'Empaque dañado' },
    },
  },
  QUANTITY: {
    labels: { en: 'Quantity', sp: 'Cantidad' },
    subcategories: {
      SHORT_BOXES: { en: 'Fewer boxes than ordered', sp: 'Menos cajas de las pedidas' },
      SHORT_PALLETS: { en: 'Missing pallets', sp: 'Tarimas faltantes' },
      WRONG_PRODUCT: { en: 'Wrong product or size', sp: 'Producto o tamaño equivocado' },
    },
  },
  CONTRACT_TERMS: {
    labels: { en: 'Contract terms', sp: 'Términos del contrato' },
    subcategories: {
      PRICE: { en: 'Price differs from the agreement', sp: 'Precio distinto al acordado' },
      DELIVERY_TERMS: { en: 'Delivery terms', sp: 'Términos de entrega' },
      PAYMENT_TERMS: { en: 'Payment terms', sp: 'Términos de pago' },
    },
  },
  INSPECTION: {
    labels: { en: 'Disagreement with inspection', sp: 'Desacuerdo con la inspección' },
    subcategories: {
      USDA_INSPECTION: { en: 'USDA inspection result', sp: 'Resultado de inspección USDA' },
      NO_INSPECTION: { en: 'No inspection was made', sp: 'No se hizo inspección' },
    },
  },
  UNAUTHORIZED_DEDUCTIONS: {
    labels: { en: 'Unauthorized deductions', sp: 'Deducciones no autorizadas' },
    subcategories: {
      FEES_DEDUCTED: { en: 'Fees deducted', sp: 'Cargos descontados' },
      PRICE_ADJUSTED: { en: 'Price adjusted without agreement', sp: 'Precio ajustado sin acuerdo' },
    },
  },
} as const satisfies Record<string, { labels: Labels; subcategories: Record<string, Labels> }>;

export type DisputeCategory = keyof typeof DISPUTE_CATEGORIES;
export const DISPUTE_CATEGORY_KEYS = Object.keys(DISPUTE_CATEGORIES) as [
  DisputeCategory,
  ...DisputeCategory[],
];

export function isSubcategoryOf(category: DisputeCategory, subcategory: string): boolean {
  return Object.hasOwn(DISPUTE_CATEGORIES[category].subcategories, subcategory);
}

export function categoryLabel(category: string, language: Language): string {
  const entry = (DISPUTE_CATEGORIES as Record<string, { labels: Labels } | undefined>)[category];
  return entry ? entry.labels[language] : category;
}

export function subcategoryLabel(
  category: string,
  subcategory: string,
  language: Language,
): string {
  const entry = (
    DISPUTE_CATEGORIES as Record<string, { subcategories: Record<string, Labels> } | undefined>
  )[category];
  return entry?.subcategories[subcategory]?.[language] ?? subcategory;
}

export const DISPUTE_STATUS_LABELS: Readonly<
  Record<Language, Record<'IN_PROCESS' | 'FINALIZED', string>>
> = {
  en: { IN_PROCESS: 'In process', FINALIZED: 'Finalized' },
  sp: { IN_PROCESS: 'En proceso', FINALIZED: 'Finalizada' },
};

export const DISPUTE_TABS = ['in-process', 'finalized'] as const;
export type DisputeTab = (typeof DISPUTE_TABS)[number];

/** At most this many photos per dispute (the specification's limit). */
export const MAX_DISPUTE_IMAGES = 15;
