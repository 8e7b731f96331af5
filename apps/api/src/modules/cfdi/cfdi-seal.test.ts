import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without declarations
import { stylesheetsDigest } from '../../../scripts/compile-sat-xslt.mjs';
import { satFile } from './cfdi-seal.js';

describe('the SAT stylesheets', () => {
  it('are compiled (sat/sef) from the XSLT shipped in sat/xslt as it is now', () => {
    const recorded = JSON.parse(readFileSync(satFile('sef/digest.json'), 'utf8')) as {
      xslt: string;
    };
    // Stale: run `npm run sat:xslt -w @app/api` after changing a stylesheet.
    expect(recorded.xslt).toBe((stylesheetsDigest as () => string)());
  });
});
