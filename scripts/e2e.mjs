// End-to-end tests in the system Chromium against the built app. Without Chromium they are
// skipped with a plain message, except with CI=true, where a missing browser fails the run.
import { chromiumAvailable, CHROMIUM_PATH } from './chromium.mjs';
import { run } from './lib.mjs';

if (!chromiumAvailable()) {
  const message = `Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') {
    console.error(`${message} CI needs it.`);
    process.exit(1);
  }
  console.warn(`\nSKIPPING end-to-end tests: ${message}\n`);
  process.exit(0);
}
process.exit(
  run('npx', [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ]),
);
