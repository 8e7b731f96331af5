// Seals the sample CFDIs (src/modules/cfdi/samples) with the demo CSDs after they are edited:
// `npx tsx apps/api/scripts/seal-cfdi-samples.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CFDI_SAMPLE_FILES } from '../src/modules/cfdi/cfdi-samples.js';
import { demoCsd, sealCfdi } from '../src/test/cfdi-signing.js';

for (const name of CFDI_SAMPLE_FILES) {
  const path = fileURLToPath(new URL(`../src/modules/cfdi/samples/${name}`, import.meta.url));
  const xml = readFileSync(path, 'utf8');
  const rfc = /<cfdi:Emisor[^>]*\sRfc="([^"]+)"/.exec(xml)?.[1];
  if (!rfc) throw new Error(`${name}: no Emisor Rfc`);
  writeFileSync(path, sealCfdi(xml, demoCsd(rfc)));
  console.log(`sealed ${name} (${rfc})`);
}
