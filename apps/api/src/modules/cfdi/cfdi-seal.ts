import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Certificate } from '@nodecfdi/credentials/node';
import SaxonJS from 'saxon-js';

/**
 * Verifies a CFDI's issuer seal the way the SAT's validators do: the cadena original is
 * what the SAT's own XSLT (shipped in `apps/api/sat/xslt`, compiled for SaxonJS in
 * `apps/api/sat/sef`) makes of the XML; `Sello` must be the RSA-SHA256 signature of it by
 * the key of `Certificado`, a certificate of the `Emisor`'s RFC, whose serial is
 * `NoCertificado` and that was in force at `Fecha`. The certificate is read with
 * @nodecfdi/credentials, which knows the SAT's certificate layout (RFC in
 * x500UniqueIdentifier, serial as ASCII digits).
 */

export type CfdiSealVersion = '4.0' | '3.3';

/** Which check of the seal failed, named in the refusal. */
export type SealCheck =
  | 'CERTIFICATE'
  | 'CERTIFICATE_RFC'
  | 'CERTIFICATE_NUMBER'
  | 'CERTIFICATE_NOT_IN_FORCE'
  | 'SIGNATURE';

export interface SealInput {
  version: CfdiSealVersion;
  xml: string;
  sello: string;
  certificado: string;
  noCertificado: string;
  rfcEmisor: string;
  /** `Fecha` as written: a local date-time in Mexico, without zone. */
  fecha: string;
}

const SEF_FILES: Record<CfdiSealVersion, string> = {
  '4.0': 'cadenaoriginal_4_0.sef.json',
  '3.3': 'cadenaoriginal_3_3.sef.json',
};

const compiled = new Map<CfdiSealVersion, unknown>();

/** The same path from `src/modules/cfdi` and from `dist/modules/cfdi`. */
export function satFile(path: string): string {
  return fileURLToPath(new URL(`../../../sat/${path}`, import.meta.url));
}

function stylesheet(version: CfdiSealVersion): unknown {
  let sef = compiled.get(version);
  if (sef === undefined) {
    sef = JSON.parse(readFileSync(satFile(`sef/${SEF_FILES[version]}`), 'utf8')) as unknown;
    compiled.set(version, sef);
  }
  return sef;
}

/** The cadena original of a CFDI 4.0 or 3.3, by the SAT's XSLT. */
export function cadenaOriginal(version: CfdiSealVersion, xml: string): string {
  const result = SaxonJS.transform(
    { stylesheetInternal: stylesheet(version), sourceText: xml, destination: 'serialized' },
    'sync',
  );
  return String(result.principalResult);
}

/**
 * Mexico's CFDI times are local; the centre of the country has kept UTC-6 all year since
 * 2022. A certificate's validity is checked a day wider on each side, so a border zone's
 * hour of difference never refuses an honest file.
 */
const FECHA_MARGIN_MS = 24 * 3_600_000;

function fechaInstant(fecha: string): number {
  return Date.parse(`${fecha}-06:00`);
}

/** The first failing check of the seal, or null when the seal verifies. */
export function checkSeal(input: SealInput): SealCheck | null {
  let certificate: Certificate;
  try {
    certificate = new Certificate(input.certificado.replace(/\s+/g, ''));
  } catch {
    return 'CERTIFICATE';
  }
  let rfc: string;
  let serial: string;
  try {
    rfc = certificate.rfc();
    serial = certificate.serialNumber().bytes();
  } catch {
    return 'CERTIFICATE';
  }
  if (rfc.toUpperCase() !== input.rfcEmisor.toUpperCase()) return 'CERTIFICATE_RFC';
  if (serial !== input.noCertificado) return 'CERTIFICATE_NUMBER';
  const at = fechaInstant(input.fecha);
  if (
    Number.isNaN(at) ||
    at < certificate.validFrom().getTime() - FECHA_MARGIN_MS ||
    at > certificate.validTo().getTime() + FECHA_MARGIN_MS
  ) {
    return 'CERTIFICATE_NOT_IN_FORCE';
  }
  let cadena: string;
  try {
    cadena = cadenaOriginal(input.version, input.xml);
  } catch {
    return 'SIGNATURE';
  }
  try {
    const signature = Buffer.from(input.sello.replace(/\s+/g, ''), 'base64').toString('binary');
    const data = Buffer.from(cadena, 'utf8').toString('binary');
    return certificate.publicKey().verify(data, signature, 'sha256') ? null : 'SIGNATURE';
  } catch {
    return 'SIGNATURE';
  }
}
