import type { Language } from './errors.js';

/** The fields of a SPEI transfer proof, named alike on its page and in its PDF. */
export const SPEI_PROOF_FIELD_LABELS = {
  en: {
    trackingKey: 'Tracking key (clave de rastreo)',
    status: 'Status',
    returnReason: 'Return reason',
    ordered: 'Operation date',
    liquidated: 'Liquidation date',
    sending: 'Sending institution',
    receiving: 'Receiving institution',
    issuer: 'Ordering party (issuer)',
    issuerTaxId: 'Ordering party tax id',
    payee: 'Beneficiary (payee)',
    payeeTaxId: 'Beneficiary RFC',
    clabe: 'Beneficiary CLABE',
    amount: 'Amount',
    concept: 'Payment concept',
    none: 'Not on file',
  },
  sp: {
    trackingKey: 'Clave de rastreo',
    status: 'Estado',
    returnReason: 'Motivo de devolución',
    ordered: 'Fecha de operación',
    liquidated: 'Fecha de liquidación',
    sending: 'Institución emisora',
    receiving: 'Institución receptora',
    issuer: 'Ordenante (emisor)',
    issuerTaxId: 'Identificación fiscal del ordenante',
    payee: 'Beneficiario',
    payeeTaxId: 'RFC del beneficiario',
    clabe: 'CLABE del beneficiario',
    amount: 'Monto',
    concept: 'Concepto del pago',
    none: 'No registrado',
  },
} as const satisfies Record<Language, Record<string, string>>;
