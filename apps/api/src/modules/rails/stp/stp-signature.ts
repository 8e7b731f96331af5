import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';
import { moneyToDecimalString, parseMoney } from '@app/domain';

/**
 * One `ordenPago/registra` body as STP takes it (DOMAIN.md §STP). Only the fields the
 * platform sends are named; the cadena original leaves every other field empty.
 */
export interface StpOrden {
  institucionContraparte: string;
  empresa: string;
  fechaOperacion?: string;
  folioOrigen?: string;
  claveRastreo: string;
  institucionOperante: string;
  /** Pesos with at most 2 decimals, as the JSON number STP reads. */
  monto: number;
  tipoPago: number;
  tipoCuentaOrdenante?: number;
  nombreOrdenante?: string;
  cuentaOrdenante?: string;
  rfcCurpOrdenante?: string;
  tipoCuentaBeneficiario: number;
  nombreBeneficiario: string;
  cuentaBeneficiario: string;
  rfcCurpBeneficiario: string;
  emailBeneficiario?: string;
  conceptoPago: string;
  referenciaNumerica: number;
  topologia: string;
  medioEntrega?: number;
  prioridad?: number;
  iva?: number;
}

/**
 * The fields of STP's cadena original, in STP's order. Fields the platform never sends
 * (second beneficiary, user categories, collection references…) are named here so the
 * string keeps its empty places.
 */
const CADENA_FIELDS = [
  'institucionContraparte',
  'empresa',
  'fechaOperacion',
  'folioOrigen',
  'claveRastreo',
  'institucionOperante',
  'monto',
  'tipoPago',
  'tipoCuentaOrdenante',
  'nombreOrdenante',
  'cuentaOrdenante',
  'rfcCurpOrdenante',
  'tipoCuentaBeneficiario',
  'nombreBeneficiario',
  'cuentaBeneficiario',
  'rfcCurpBeneficiario',
  'emailBeneficiario',
  'tipoCuentaBeneficiario2',
  'nombreBeneficiario2',
  'cuentaBeneficiario2',
  'rfcCurpBeneficiario2',
  'conceptoPago',
  'conceptoPago2',
  'claveCatUsuario1',
  'claveCatUsuario2',
  'clavePago',
  'referenciaCobranza',
  'referenciaNumerica',
  'tipoOperacion',
  'topologia',
  'usuario',
  'medioEntrega',
  'prioridad',
  'iva',
] as const;

/** `||a|b|…||`: each field's value (empty when not sent), monto always with 2 decimals. */
export function cadenaOriginal(orden: object): string {
  const record = orden as Readonly<Record<string, unknown>>;
  const values = CADENA_FIELDS.map((field) => {
    const value = record[field];
    if (value === undefined || value === null) return '';
    if (field === 'monto') return moneyToDecimalString(parseMoney(value as number | string));
    return String(value);
  });
  return `||${values.join('|')}||`;
}

/** Reads a PEM private key (PKCS#8, encrypted or not); a wrong passphrase throws here. */
export function loadStpPrivateKey(pem: string, passphrase: string | undefined): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem', ...(passphrase ? { passphrase } : {}) });
}

/** STP's `firma`: base64 of RSA-SHA256 (PKCS#1 v1.5) over the cadena original. */
export function signOrden(orden: object, key: KeyObject): string {
  return createSign('RSA-SHA256').update(cadenaOriginal(orden), 'utf8').sign(key, 'base64');
}

/** What STP does with each order it receives: checks its `firma` with the company's public key. */
export function verifyOrden(orden: object, firma: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(cadenaOriginal(orden), 'utf8')
      .verify(publicKey, firma, 'base64');
  } catch {
    return false;
  }
}

/** The public half, which a company registers with STP (and the local counterpart checks with). */
export function publicKeyOf(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}
