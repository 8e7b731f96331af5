import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
/** The mailbox the server sends to (e2e/mail-sink.mjs): its message list, and its SMTP port. */
const MAIL_PORT = PORT + 1;
const SMTP_PORT = PORT + 2;
const MAILBOX_URL = `http://127.0.0.1:${MAIL_PORT}/messages`;
/**
 * A second server as `npm start` runs it, with payouts and deposits through the local STP
 * counterpart (signed orders, callbacks after two seconds), for the money rails' spec; the
 * first keeps the timer-settled sandbox the other specs' payment states are written for.
 */
const RAILS_PORT = PORT + 3;
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;

/** The built server on a throw-away in-memory database with the demo data. */
function apiServer(port: number, env: Record<string, string>) {
  return {
    command: 'node apps/api/dist/server.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Seeding the demo data takes seconds on a quiet machine, much longer on a loaded one.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO_DATA: 'true',
      PASSWORD_HASH_COST: '12',
      LOG_LEVEL: 'warn',
      PUBLIC_AUTH_RATE_LIMIT: '10000',
      // The webhooks spec's receiver listens on loopback.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
  };
}

/**
 * End-to-end tests drive Debian's Chromium (browsers cannot be downloaded here) against the
 * built app served by the API on a throw-away in-memory database with the demo data.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  // This machine's speed varies two- to three-fold from day to day; on a slow day a test
  // with several axe scans and full-page screenshots takes 50-60 s with two browsers on
  // two cores. The limits leave room for that, so only a real hang fails on time.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app drops its animations for reduced motion, so checks never see a half-faded dialog.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `node e2e/mail-sink.mjs ${MAIL_PORT} ${SMTP_PORT}`,
      cwd: '..',
      url: MAILBOX_URL,
      reuseExistingServer: false,
    },
    apiServer(PORT, {}),
    apiServer(RAILS_PORT, { SPEI_RAIL: 'stp' }),
  ],
});
