// Compiles the SAT's cadena-original stylesheets (sat/xslt, shipped as the SAT publishes them)
// into SaxonJS's SEF form (sat/sef): SaxonJS runs a compiled stylesheet in milliseconds, while
// compiling the 33 included complements takes tens of seconds, too long for a request.
// Run after changing sat/xslt: `npm run sat:xslt -w @app/api`. A test checks the SEF files
// were compiled from the stylesheets as they are.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'sat');
const require = createRequire(import.meta.url);
const xslt3 = require.resolve('xslt3/xslt3.js');

export const STYLESHEETS = {
  '4.0': '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt',
  3.3: '3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt',
};

/** One digest of every stylesheet file, so a changed include makes the SEF stale too. */
export function stylesheetsDigest() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.xslt')) {
        hash.update(relative(root, path).replaceAll('\\', '/'));
        hash.update(readFileSync(path));
      }
    }
  };
  walk(join(root, 'xslt'));
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [version, path] of Object.entries(STYLESHEETS)) {
    const out = join(root, 'sef', `cadenaoriginal_${version.replace('.', '_')}.sef.json`);
    execFileSync(
      process.execPath,
      [xslt3, `-xsl:${join(root, 'xslt', path)}`, `-export:${out}`, '-nogo', '-relocate:on'],
      { stdio: 'inherit' },
    );
    console.log(`compiled CFDI ${version} cadena original: ${relative(process.cwd(), out)}`);
  }
  writeFileSync(
    join(root, 'sef', 'digest.json'),
    `${JSON.stringify({ xslt: stylesheetsDigest() }, null, 2)}\n`,
  );
}
