import { createSign, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cadenaOriginal, type CfdiSealVersion } from '../modules/cfdi/cfdi-seal.js';

/**
 * Seals CFDI texts with the demo CSDs of `modules/cfdi/samples/demo-csd` (self-made
 * certificates for the demo suppliers' RFCs, not issued by the SAT), so tests can make
 * credit notes, payment complements and other variants whose seal verifies exactly as a
 * supplier's would.
 */

const DEMO_CSD_DIR = '../../src/modules/cfdi/samples/demo-csd/';

function demoFile(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`${DEMO_CSD_DIR}${name}`, import.meta.url)));
}

export interface Csd {
  keyPem: string;
  certificateDer: Buffer;
}

/** The demo CSD of one demo supplier's RFC (all share one key, each has its certificate). */
export function demoCsd(rfc: string): Csd {
  return {
    keyPem: demoFile('demo-csd.key.pem').toString('utf8'),
    certificateDer: demoFile(`${rfc}.cer`),
  };
}

function setRootAttribute(xml: string, name: string, value: string): string {
  const start = xml.indexOf('Comprobante');
  const end = xml.indexOf('>', start);
  const head = xml.slice(0, end);
  const pattern = new RegExp(`(\\s)${name}="[^"]*"`);
  const replaced = pattern.test(head)
    ? head.replace(pattern, `$1${name}="${value}"`)
    : `${head} ${name}="${value}"`;
  return replaced + xml.slice(end);
}

/** The CFDI with its NoCertificado, Certificado, Sello (and the stamp's SelloCFD) by `csd`. */
export function sealCfdi(xml: string, csd: Csd): string {
  const certificate = new X509Certificate(csd.certificateDer);
  const number = Buffer.from(certificate.serialNumber, 'hex').toString('ascii');
  let sealed = setRootAttribute(xml, 'NoCertificado', number);
  sealed = setRootAttribute(sealed, 'Certificado', csd.certificateDer.toString('base64'));
  const version = /\sVersion="3\.3"/.test(
    sealed.slice(0, sealed.indexOf('>', sealed.indexOf('Comprobante'))),
  )
    ? '3.3'
    : '4.0';
  sealed = setRootAttribute(sealed, 'Sello', '');
  const sello = createSign('RSA-SHA256')
    .update(cadenaOriginal(version as CfdiSealVersion, sealed), 'utf8')
    .sign(csd.keyPem, 'base64');
  sealed = setRootAttribute(sealed, 'Sello', sello);
  return sealed.replace(/(\sSelloCFD=")[^"]*"/, `$1${sello}"`);
}
