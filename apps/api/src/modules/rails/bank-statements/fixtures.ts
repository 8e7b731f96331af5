import { readFileSync } from 'node:fs';

/** A sample statement of ./fixtures, with `{{MATCHED_REF}}` replaced by a deposit reference. */
export function statementFixture(
  name: 'camt053.xml' | 'camt054.xml' | 'bai2.txt',
  matchedReference = 'PPABCDEFGH',
): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replaceAll(
    '{{MATCHED_REF}}',
    matchedReference,
  );
}
