// Lighthouse 13 with its mobile preset (simulated 4× CPU and slow 4G)
// against the built app on the embedded database with the demo data, as a new user sees it after
// `npm start`. Logged-in pages get the demo customer's session in localStorage before the app
// loads. Used by scripts/bench/web.mjs; `node scripts/bench/lighthouse.mjs [runs]` runs it alone
// on apps/web/dist (or WEB_DIST_DIR) and prints the table; LIGHTHOUSE_REPORT_DIR keeps each report.
/* global window */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { call, ROOT, startServer } from '../faults/lib.mjs';

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const CATEGORIES = Object.keys(LIGHTHOUSE_GOALS);

/** The installed Lighthouse's version, printed with its results. */
export const lighthouseVersion = JSON.parse(
  readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;

/** The pages measured; `login` pages are the finance dashboard's, `seo` the public ones. */
export function lighthousePages(articleId) {
  return [
    { path: '/home', login: false, seo: true },
    { path: '/catalogs', login: false, seo: true },
    { path: `/view/article/${articleId}`, label: '/view/article/{id}', login: false, seo: true },
    { path: '/exchange', login: true, seo: false },
    { path: '/invoices', login: true, seo: false },
  ];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The three audits that cost the page most: failed ones first, weighted by their category. */
function worstAudits(lhr) {
  const weights = new Map();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      weights.set(ref.id, (weights.get(ref.id) ?? 0) + ref.weight);
    }
  }
  return Object.values(lhr.audits)
    .filter((audit) => typeof audit.score === 'number' && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      score: audit.score,
      cost: (1 - audit.score) * (weights.get(audit.id) || 0.1),
      display: audit.displayValue ?? '',
    }))
    .sort((a, b) => b.cost - a.cost)
    .slice(0, 3);
}

/** One Lighthouse run of a page in a fresh tab, with the session set (or cleared) first. */
async function lighthouseRun(browser, base, page, session) {
  const tab = await browser.newPage();
  // The session lives in localStorage: set it (or clear it) on the origin first.
  await tab.goto(`${base}/robots.txt`);
  await tab.evaluate(
    (stored) => {
      window.localStorage.clear();
      window.localStorage.setItem('language', 'en');
      if (stored) window.localStorage.setItem('session', stored);
    },
    page.login ? JSON.stringify(session) : '',
  );
  const result = await lighthouse(
    `${base}${page.path}`,
    { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
    undefined,
    tab,
  );
  await tab.close();
  return result;
}

/**
 * Runs Lighthouse `runs` times on each page (a fresh browser page each time: a cold load) and
 * answers, per page, the median score of each category, the runs, and the worst audits of the
 * median performance run.
 */
export async function measureLighthouse({ base, session, pages, runs = 3, log = () => {} }) {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
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
  });
  const results = [];
  try {
    for (const page of pages) {
      const reports = [];
      let reruns = 0;
      for (let i = 0; i < runs; i += 1) {
        log(`lighthouse ${page.label ?? page.path}, run ${i + 1}/${runs}`);
        // A run Lighthouse could not finish (e.g. NO_NAVSTART: its trace missed the load)
        // measured nothing: it is said, and run again, at most twice.
        let result;
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          result = await lighthouseRun(browser, base, page, session);
          if (!result.lhr.runtimeError) break;
          log(
            `lighthouse ${page.label ?? page.path}, run ${i + 1} failed: ` +
              `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` +
              (attempt < 3 ? '; running it again' : ''),
          );
          if (attempt < 3) reruns += 1;
        }
        reports.push(result.lhr);
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          const name = `${(page.label ?? page.path).replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`;
          await writeFile(
            join(process.env.LIGHTHOUSE_REPORT_DIR, name),
            JSON.stringify(result.lhr),
          );
        }
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          median(reports.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100))),
        ]),
      );
      const performanceRuns = reports.map((lhr) =>
        Math.round((lhr.categories.performance?.score ?? 0) * 100),
      );
      const medianRun = reports[performanceRuns.indexOf(scores.performance)];
      results.push({
        page: page.label ?? page.path,
        seo: page.seo,
        scores,
        performanceRuns,
        reruns,
        lcpMs: medianRun.audits['largest-contentful-paint']?.numericValue,
        tbtMs: medianRun.audits['total-blocking-time']?.numericValue,
        worst: worstAudits(medianRun),
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Whether a page meets every goal (SEO counts on public pages only). */
export function meetsLighthouseGoals(result) {
  return CATEGORIES.every(
    (category) =>
      (category === 'seo' && !result.seo) || result.scores[category] >= LIGHTHOUSE_GOALS[category],
  );
}

export function lighthouseTable(results) {
  const lines = [
    '| Page | Performance (runs) | LCP | TBT | Accessibility | Best practices | SEO | Worst audits | Result |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const worst = r.worst
      .map((audit) => `${audit.id}${audit.display ? ` (${audit.display})` : ''}`)
      .join('; ');
    lines.push(
      `| ${r.page} | ${r.scores.performance} (${r.performanceRuns.join(', ')}` +
        `${r.reruns ? `; ${r.reruns} unfinished run${r.reruns > 1 ? 's' : ''} run again` : ''}) | ` +
        `${Math.round(r.lcpMs ?? 0)} ms | ${Math.round(r.tbtMs ?? 0)} ms | ` +
        `${r.scores.accessibility} | ${r.scores['best-practices']} | ` +
        `${r.seo ? r.scores.seo : `(${r.scores.seo})`} | ${worst || '-'} | ` +
        `${meetsLighthouseGoals(r) ? 'pass' : 'MISS'} |`,
    );
  }
  return lines.join('\n');
}

/** A server on the embedded database with the demo data, and the demo customer's session. */
export async function startDemoServer(webDistDir) {
  const server = await startServer(
    { DATA_DIR: 'memory://', DEMO_DATA: 'true', WEB_DIST_DIR: webDistDir },
    { timeoutMs: 120_000 },
  );
  const login = await call(server.base, 'POST', 'auth/login', {
    body: { sEmail: 'demo@demo.test', sPassword: 'Demo1234!' },
  });
  if (login.status !== 200) throw new Error(`demo login ${login.status}`);
  const catalog = await call(server.base, 'GET', 'catalog/articles?page=1&limit=1');
  const articleId = catalog.body?.articles?.[0]?.sArticleId;
  if (!articleId) throw new Error(`no article in the demo catalogue (${catalog.status})`);
  return {
    server,
    session: { token: login.body.token, user: login.body.user },
    articleId,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 1);
  const { server, session, articleId } = await startDemoServer(
    process.env.WEB_DIST_DIR ?? `${ROOT}apps/web/dist`,
  );
  try {
    const results = await measureLighthouse({
      base: server.base,
      session,
      pages: lighthousePages(articleId),
      runs,
      log: (message) => console.error(`[lighthouse] ${message}`),
    });
    console.log(lighthouseTable(results));
  } finally {
    await server.stop();
  }
}
