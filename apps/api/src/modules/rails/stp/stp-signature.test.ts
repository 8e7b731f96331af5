import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cadenaOriginal,
  loadStpPrivateKey,
  publicKeyOf,
  signOrden,
  verifyOrden,
} from './stp-signature.js';

// STP's public demo key and an order signed by a published STP client (see example.json).
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const example = JSON.parse(fixture('example.json')) as {
  passphrase: string;
  order: Record<string, unknown>;
  cadenaOriginal: string;
  firma: string;
};
const key = loadStpPrivateKey(fixture('stp-test-key.pem'), example.passphrase);

describe('STP signature', () => {
  it('builds the cadena original of the worked example byte for byte', () => {
    expect(cadenaOriginal(example.order)).toBe(example.cadenaOriginal);
  });

  it('signs the worked example with the published firma', () => {
    expect(signOrden(example.order, key)).toBe(example.firma);
  });

  it('verifies the firma with the public key and refuses a changed order', () => {
    const publicKey = publicKeyOf(key);
    expect(verifyOrden(example.order, example.firma, publicKey)).toBe(true);
    expect(verifyOrden({ ...example.order, monto: 1.21 }, example.firma, publicKey)).toBe(false);
    expect(verifyOrden(example.order, 'not base64 at all', publicKey)).toBe(false);
  });

  it('refuses a wrong passphrase when the key is read', () => {
    expect(() => loadStpPrivateKey(fixture('stp-test-key.pem'), 'wrong')).toThrow();
  });
});
