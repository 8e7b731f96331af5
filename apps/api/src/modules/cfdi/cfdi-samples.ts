import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The sample CFDI files shipped for the tests and the demo (written for this project). */
export const CFDI_SAMPLE_FILES = [
  'cfdi40-aguacates-del-valle.xml',
  'cfdi40-limones-colima.xml',
  'cfdi40-tomates-sinaloa-usd.xml',
  'cfdi40-hortalizas-del-norte.xml',
  'cfdi33-berries-jalisco.xml',
] as const;
export type CfdiSampleFile = (typeof CFDI_SAMPLE_FILES)[number];

/** The text of a sample, read from the source tree (tests run from it). */
export function readCfdiSample(name: CfdiSampleFile): string {
  return readFileSync(
    fileURLToPath(new URL(`../../../src/modules/cfdi/samples/${name}`, import.meta.url)),
    'utf8',
  );
}
