import {
  CFDI_MAX_BYTES,
  DomainInputError,
  convertUsdToMxn,
  isCalendarDate,
  normalizeRfc,
  parseMoney,
  parseRate,
  validateRfc,
} from '@app/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkSeal } from './cfdi-seal.js';

/**
 * Reads a CFDI (the Mexican electronic invoice, DOMAIN.md) with fast-xml-parser: the
 * fields an invoice needs, or why the file cannot be one. The issuer's seal is verified
 * (`checkSeal`: the SAT's cadena original, the certificate in the file, its RFC, number
 * and validity), so a file edited after it was signed is refused. The stamp's own seal
 * (SelloSAT) is checked for shape only: verifying it needs the SAT's certificates, fetched
 * by number from the SAT.
 */

export const CFDI_NAMESPACES = {
  '4.0': 'http://www.sat.gob.mx/cfd/4',
  '3.3': 'http://www.sat.gob.mx/cfd/3',
} as const;
export type CfdiVersion = keyof typeof CFDI_NAMESPACES;
/** Most files one parse or import takes. */
export const CFDI_MAX_FILES = 200;

export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
/** The payment complement: Pagos 2.0 (with CFDI 4.0) and 1.0 (with 3.3). */
export const PAGOS_NAMESPACES = ['http://www.sat.gob.mx/Pagos20', 'http://www.sat.gob.mx/Pagos'];

/** Why a file is not an importable CFDI. */
export type CfdiRefusal =
  | 'FILE_TOO_LARGE'
  | 'INVALID_XML'
  | 'NOT_A_CFDI'
  | 'MISSING_STAMP'
  | 'BAD_SEAL'
  | 'MISSING_FIELD'
  | 'NOT_AN_INCOME_INVOICE'
  | 'MISSING_EXCHANGE_RATE'
  | 'UNSUPPORTED_CREDIT_NOTE'
  | 'UNSUPPORTED_COMPLEMENT';

/** The CfdiRelacionados kinds a credit note may lower an invoice by: nota de crédito, devolución, anticipo. */
export const CREDIT_NOTE_RELATIONS = ['01', '03', '07'] as const;

/** One DoctoRelacionado of a payment complement: an invoice and what was paid of it. */
export interface ComplementDocument {
  /** IdDocumento: the paid invoice's UUID, uppercase. */
  uuid: string;
  /** FechaPago's calendar day. */
  paidOn: string;
  installment: number | null;
  /** MonedaDR, the invoice's currency. */
  currency: string;
  /** ImpPagado in cents of MonedaDR. */
  amount: bigint;
  /**
   * What the complement says was paid, in MXN cents: ImpPagado over EquivalenciaDR (units of
   * MonedaDR per unit of MonedaP) gives the payment's own currency, at TipoCambioP in MXN.
   */
  amountMxn: bigint;
  /** How far a payment may differ from `amountMxn` by the complement's own rounding. */
  toleranceMxn: bigint;
}

export interface ParsedCfdi {
  version: CfdiVersion;
  /** 'I' an income invoice, 'E' a credit note (egreso), 'P' a payment complement. */
  kind: 'I' | 'E' | 'P';
  /** MetodoPago: PUE (paid at once) or PPD (in parts or later: complements due); null if absent. */
  metodoPago: string | null;
  /** For a payment complement: each invoice it says was paid, in document order. */
  payments: ComplementDocument[];
  /** For a credit note: the one invoice it relates to, and how (TipoRelacion). */
  related: { uuid: string; relation: string } | null;
  /** The TimbreFiscalDigital UUID (fiscal folio), uppercase. */
  uuid: string;
  rfcEmisor: string;
  /** Required from 4.0; a 3.3 file may leave it out. */
  nombreEmisor: string | null;
  rfcReceptor: string;
  /** The foreign tax id of a foreign receptor (XEXX010101000), when given. */
  numRegIdTribReceptor: string | null;
  /** Serie-Folio, or whichever of them is present, or the UUID. */
  invoiceNumber: string;
  /** Fecha's calendar day, 'YYYY-MM-DD' (Fecha is a local date-time without zone). */
  purchaseDate: string;
  /** Total in the CFDI's currency, in cents. */
  total: bigint;
  currency: string;
  /** TipoCambio in micro-units when the currency is not MXN. */
  exchangeRateMicro: bigint | null;
  /** The total in MXN cents (the total itself for MXN; at TipoCambio otherwise). */
  totalMxn: bigint;
}

export type CfdiParseResult =
  { ok: true; cfdi: ParsedCfdi } | { ok: false; reason: CfdiRefusal; field?: string };

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // Each element name maps to one object (a CFDI has one Emisor, one Complemento…);
  // repeated elements (Concepto, several complements) come as arrays.
  isArray: () => false,
});

const UUID_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;
const CERTIFICATE_NUMBER_PATTERN = /^\d{20}$/;

function refuse(reason: CfdiRefusal, field?: string): CfdiParseResult {
  return field === undefined ? { ok: false, reason } : { ok: false, reason, field };
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function prefixOf(name: string): string | undefined {
  const colon = name.indexOf(':');
  return colon < 0 ? undefined : name.slice(0, colon);
}

/** The namespace URI of an element's prefix, declared on it or on an ancestor. */
function namespaceOf(name: string, scopes: XmlNode[]): string | undefined {
  const prefix = prefixOf(name);
  const attribute = prefix === undefined ? '@xmlns' : `@xmlns:${prefix}`;
  for (const scope of scopes) {
    const uri = scope[attribute];
    if (typeof uri === 'string') return uri;
  }
  return undefined;
}

/** The children of `node` with this local name and namespace (any prefix). */
function childrenNamed(
  node: XmlNode,
  name: string,
  namespace: string,
  scopes: XmlNode[],
): XmlNode[] {
  const found: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@') || localName(key) !== name) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child) && namespaceOf(key, [child, ...scopes]) === namespace) found.push(child);
    }
  }
  return found;
}

function attribute(node: XmlNode, name: string): string | undefined {
  const value = node[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function money(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  try {
    const value = parseMoney(text);
    return value > 0n ? value : undefined;
  } catch (error) {
    if (error instanceof DomainInputError) return undefined;
    throw error;
  }
}

function rate(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  try {
    const value = parseRate(text);
    return value > 0n ? value : undefined;
  } catch (error) {
    if (error instanceof DomainInputError) return undefined;
    throw error;
  }
}

function isBase64(text: string | undefined): boolean {
  return text !== undefined && text.length >= 16 && BASE64_PATTERN.test(text.replace(/\s+/g, ''));
}

/** Reads one CFDI 4.0 or 3.3 file's text. */
export function parseCfdi(content: string): CfdiParseResult {
  if (Buffer.byteLength(content, 'utf8') > CFDI_MAX_BYTES) return refuse('FILE_TOO_LARGE');
  // A CFDI never declares a DTD; refusing one keeps entity expansion out altogether.
  if (/<!DOCTYPE/i.test(content)) return refuse('INVALID_XML');
  const text = content.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(text) !== true) return refuse('INVALID_XML');
  let document: XmlNode;
  try {
    document = parser.parse(text) as XmlNode;
  } catch {
    return refuse('INVALID_XML');
  }

  const rootKeys = Object.keys(document).filter((key) => !key.startsWith('?'));
  const rootKey = rootKeys[0];
  const root = rootKey === undefined ? undefined : document[rootKey];
  if (rootKeys.length !== 1 || rootKey === undefined || !isNode(root)) return refuse('NOT_A_CFDI');
  if (localName(rootKey) !== 'Comprobante') return refuse('NOT_A_CFDI');
  const namespace = namespaceOf(rootKey, [root]);
  const version = attribute(root, 'Version');
  if (
    (version !== '4.0' && version !== '3.3') ||
    namespace !== CFDI_NAMESPACES[version as CfdiVersion]
  ) {
    return refuse('NOT_A_CFDI');
  }
  const scopes = [root];

  const complement = childrenNamed(root, 'Complemento', namespace, scopes)[0];
  const stamp =
    complement &&
    childrenNamed(complement, 'TimbreFiscalDigital', TFD_NAMESPACE, [complement, ...scopes])[0];
  if (!stamp) return refuse('MISSING_STAMP');
  const uuid = attribute(stamp, 'UUID')?.toUpperCase();
  if (!uuid || !UUID_PATTERN.test(uuid)) return refuse('MISSING_STAMP', 'UUID');
  if (!isBase64(attribute(stamp, 'SelloSAT')) || !isBase64(attribute(stamp, 'SelloCFD'))) {
    return refuse('BAD_SEAL', 'SelloSAT');
  }
  if (!isBase64(attribute(root, 'Sello'))) return refuse('BAD_SEAL', 'Sello');
  if (!CERTIFICATE_NUMBER_PATTERN.test(attribute(root, 'NoCertificado') ?? '')) {
    return refuse('BAD_SEAL', 'NoCertificado');
  }
  if (!isBase64(attribute(root, 'Certificado'))) return refuse('BAD_SEAL', 'Certificado');

  const emisor = childrenNamed(root, 'Emisor', namespace, scopes)[0];
  const receptor = childrenNamed(root, 'Receptor', namespace, scopes)[0];
  if (!emisor) return refuse('MISSING_FIELD', 'Emisor');
  if (!receptor) return refuse('MISSING_FIELD', 'Receptor');
  const emisorRfc = validateRfc(attribute(emisor, 'Rfc') ?? '');
  if (!emisorRfc.ok) return refuse('MISSING_FIELD', 'Emisor.Rfc');
  const receptorRfc = validateRfc(attribute(receptor, 'Rfc') ?? '');
  if (!receptorRfc.ok) return refuse('MISSING_FIELD', 'Receptor.Rfc');
  // Nombre became required in 4.0; real 3.3 files often leave it out.
  const nombreEmisor = attribute(emisor, 'Nombre') ?? null;
  if (!nombreEmisor && version === '4.0') return refuse('MISSING_FIELD', 'Emisor.Nombre');

  const fecha = attribute(root, 'Fecha') ?? '';
  const purchaseDate = fecha.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(fecha) || !isCalendarDate(purchaseDate)) {
    return refuse('MISSING_FIELD', 'Fecha');
  }

  const sealFailure = checkSeal({
    version: version as CfdiVersion,
    xml: text,
    sello: attribute(root, 'Sello') ?? '',
    certificado: attribute(root, 'Certificado') ?? '',
    noCertificado: attribute(root, 'NoCertificado') ?? '',
    rfcEmisor: emisorRfc.normalized,
    fecha,
  });
  if (sealFailure !== null) return refuse('BAD_SEAL', sealFailure);

  const kind = attribute(root, 'TipoDeComprobante');
  if (kind !== 'I' && kind !== 'E' && kind !== 'P') return refuse('NOT_AN_INCOME_INVOICE');
  if (kind === 'P') {
    const payments = complementDocuments(complement, [complement, ...scopes]);
    if (payments === null) return refuse('UNSUPPORTED_COMPLEMENT', 'Pagos');
    return {
      ok: true,
      cfdi: {
        version: version as CfdiVersion,
        kind,
        metodoPago: null,
        payments,
        related: null,
        uuid,
        rfcEmisor: emisorRfc.normalized,
        nombreEmisor: nombreEmisor === null ? null : nombreEmisor.slice(0, 200),
        rfcReceptor: receptorRfc.normalized,
        numRegIdTribReceptor: attribute(receptor, 'NumRegIdTrib') ?? null,
        invoiceNumber: invoiceNumberOf(root, uuid),
        purchaseDate,
        // A complement's own totals are 0 in currency XXX: what it says is in its Pagos.
        total: 0n,
        currency: 'XXX',
        exchangeRateMicro: null,
        totalMxn: 0n,
      },
    };
  }
  let related: ParsedCfdi['related'] = null;
  if (kind === 'E') {
    // 4.0 may repeat CfdiRelacionados (one per TipoRelacion); 3.3 has one. A credit note
    // lowers one invoice: several related folios would leave the split to guesswork.
    const relations = childrenNamed(root, 'CfdiRelacionados', namespace, scopes).flatMap((group) =>
      childrenNamed(group, 'CfdiRelacionado', namespace, [group, ...scopes]).map((child) => ({
        relation: attribute(group, 'TipoRelacion') ?? '',
        uuid: attribute(child, 'UUID')?.toUpperCase() ?? '',
      })),
    );
    const [only] = relations;
    if (
      relations.length !== 1 ||
      only === undefined ||
      !UUID_PATTERN.test(only.uuid) ||
      !(CREDIT_NOTE_RELATIONS as readonly string[]).includes(only.relation)
    ) {
      return refuse('UNSUPPORTED_CREDIT_NOTE', 'CfdiRelacionados');
    }
    related = only;
  }

  const total = money(attribute(root, 'Total'));
  if (total === undefined) return refuse('MISSING_FIELD', 'Total');
  const currency = attribute(root, 'Moneda');
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return refuse('MISSING_FIELD', 'Moneda');
  let exchangeRateMicro: bigint | null = null;
  let totalMxn = total;
  if (currency !== 'MXN') {
    const tipoCambio = rate(attribute(root, 'TipoCambio'));
    if (tipoCambio === undefined) return refuse('MISSING_EXCHANGE_RATE', 'TipoCambio');
    exchangeRateMicro = tipoCambio;
    totalMxn = convertUsdToMxn(total, tipoCambio);
  }

  const metodo = attribute(root, 'MetodoPago');

  return {
    ok: true,
    cfdi: {
      version: version as CfdiVersion,
      kind,
      metodoPago: metodo === 'PUE' || metodo === 'PPD' ? metodo : null,
      payments: [],
      related,
      uuid,
      rfcEmisor: emisorRfc.normalized,
      nombreEmisor: nombreEmisor === null ? null : nombreEmisor.slice(0, 200),
      rfcReceptor: receptorRfc.normalized,
      numRegIdTribReceptor: attribute(receptor, 'NumRegIdTrib') ?? null,
      invoiceNumber: invoiceNumberOf(root, uuid),
      purchaseDate,
      total,
      currency,
      exchangeRateMicro,
      totalMxn,
    },
  };
}

/** A positive decimal of up to 10 places as units / scale (EquivalenciaDR has 10). */
function decimal(text: string | undefined): { units: bigint; scale: bigint } | undefined {
  const match = text === undefined ? null : /^(\d{1,12})(?:\.(\d{1,10}))?$/.exec(text);
  if (!match) return undefined;
  const places = match[2] ?? '';
  const units = BigInt(`${match[1]}${places}`);
  return units > 0n ? { units, scale: 10n ** BigInt(places.length) } : undefined;
}

/** Serie-Folio, or whichever of them is present, or the UUID. */
function invoiceNumberOf(root: XmlNode, uuid: string): string {
  const serie = attribute(root, 'Serie');
  const folio = attribute(root, 'Folio');
  return (serie && folio ? `${serie}-${folio}` : (serie ?? folio ?? uuid)).slice(0, 120);
}

/**
 * The DoctoRelacionado lines of a complement's Pagos (2.0 or 1.0), or null when it has none
 * or one is malformed. ImpPagado is in MonedaDR, the invoice's currency (Pagos 2.0 gives
 * EquivalenciaDR to convert from the payment's MonedaP; the invoice's currency is what the
 * payment is checked in). Pagos 1.0 may leave ImpPagado out when a Pago pays one document
 * in its own currency: it is then the Pago's Monto.
 */
function complementDocuments(
  complement: XmlNode | undefined,
  scopes: XmlNode[],
): ComplementDocument[] | null {
  if (!complement) return null;
  const documents: ComplementDocument[] = [];
  for (const namespace of PAGOS_NAMESPACES) {
    for (const pagos of childrenNamed(complement, 'Pagos', namespace, scopes)) {
      const pagosScopes = [pagos, ...scopes];
      for (const pago of childrenNamed(pagos, 'Pago', namespace, pagosScopes)) {
        const fecha = attribute(pago, 'FechaPago') ?? '';
        const paidOn = fecha.slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(fecha) || !isCalendarDate(paidOn)) {
          return null;
        }
        const monedaP = attribute(pago, 'MonedaP') ?? '';
        const tipoCambioP = monedaP === 'MXN' ? 1_000_000n : rate(attribute(pago, 'TipoCambioP'));
        if (!/^[A-Z]{3}$/.test(monedaP) || tipoCambioP === undefined) return null;
        const lines = childrenNamed(pago, 'DoctoRelacionado', namespace, [pago, ...pagosScopes]);
        for (const line of lines) {
          const uuid = attribute(line, 'IdDocumento')?.toUpperCase() ?? '';
          const currency = attribute(line, 'MonedaDR') ?? monedaP;
          const paid =
            attribute(line, 'ImpPagado') ??
            (lines.length === 1 && currency === monedaP ? attribute(pago, 'Monto') : undefined);
          const amount = money(paid);
          const equivalence =
            currency === monedaP
              ? { units: 1n, scale: 1n }
              : decimal(attribute(line, 'EquivalenciaDR') ?? attribute(line, 'TipoCambioDR'));
          const installment = Number(attribute(line, 'NumParcialidad') ?? '');
          if (
            !UUID_PATTERN.test(uuid) ||
            !/^[A-Z]{3}$/.test(currency) ||
            amount === undefined ||
            equivalence === undefined
          ) {
            return null;
          }
          // ImpPagado / EquivalenciaDR, rounded half-up to the cent of MonedaP.
          const inPaymentCurrency =
            (2n * amount * equivalence.scale + equivalence.units) / (2n * equivalence.units);
          const amountMxn = convertUsdToMxn(inPaymentCurrency, tipoCambioP);
          // Half a cent of MonedaDR, carried to MXN, plus the cent each rounding may cost.
          const halfCent =
            (equivalence.scale * tipoCambioP + 2n * equivalence.units * 1_000_000n - 1n) /
            (2n * equivalence.units * 1_000_000n);
          documents.push({
            uuid,
            paidOn,
            installment: Number.isInteger(installment) && installment > 0 ? installment : null,
            currency,
            amount,
            amountMxn,
            toleranceMxn: currency === monedaP && monedaP === 'MXN' ? 0n : halfCent + 1n,
          });
        }
      }
    }
  }
  return documents.length === 0 ? null : documents;
}

/**
 * Whether the CFDI's receptor is the company with this tax id: its RFC, or for a foreign
 * receptor (XEXX010101000) its NumRegIdTrib (a US EIN '74-3019283' matches '743019283').
 */
export function receptorMatches(cfdi: ParsedCfdi, companyTaxId: string): boolean {
  const company = comparable(companyTaxId);
  if (company === '') return false;
  if (comparable(cfdi.rfcReceptor) === company) return true;
  return (
    cfdi.rfcReceptor === 'XEXX010101000' &&
    cfdi.numRegIdTribReceptor !== null &&
    comparable(cfdi.numRegIdTribReceptor) === company
  );
}

function comparable(taxId: string): string {
  return normalizeRfc(taxId).replace(/[^A-Z0-9&Ñ]/g, '');
}
