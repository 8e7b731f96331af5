import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { MailTransport } from '../modules/mail/mail.service.js';
import { checkAnswersAgainstContract, recordContractCoverage } from './contract-check.js';

/**
 * Integration tests run on the engine named by TEST_DB: `pglite` (default, in memory) or
 * `postgres`, where each app gets a fresh database on the server of TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped when the app closes.
 */
export const TEST_ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** The PostgreSQL server tests create their databases on (its `test` database by default). */
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

export interface SentEmail {
  to: string;
  subject: string;
  text: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  emails: SentEmail[];
  logs: string[];
  clock: TestClock;
  /** The database handle's data version (PGlite only). */
  dataVersion: (() => number) | undefined;
  /** Closes the app's database under it (the app keeps running), as an outage would. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

export class TestClock {
  private current = new Date('2026-11-21T18:00:00.000Z');
  now = (): Date => new Date(this.current.getTime());
  advanceMinutes(minutes: number): void {
    this.advanceSeconds(minutes * 60);
  }
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** A short hash of the migrations and the PGlite release: a template is good while it holds. */
function schemaVersion(): string {
  const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  // The PGlite release too (its package.json, which it does not export, sits above its entry).
  let pgliteDir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(pgliteDir, 'package.json'))) pgliteDir = dirname(pgliteDir);
  hash.update(readFileSync(join(pgliteDir, 'package.json')));
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name).update(readFileSync(join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory, dumped once per set of migrations and shared by
 * every test file through the system's temporary folder: loading it takes about a second,
 * where initdb and the migrations take five.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `pesos-pglite-template-${schemaVersion()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({ dataDir: 'memory://' });
  if (!fresh.dumpDataDir) throw new Error('an in-memory database is PGlite');
  await migrateToLatest(fresh.db);
  const dump = await fresh.dumpDataDir();
  await fresh.close();
  // Written aside and renamed: a file running alongside reads either nothing or all of it.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/**
 * A migrated, empty PostgreSQL database to copy each test database from (`create database …
 * template`), made once per set of migrations by whichever test file comes first: the others
 * wait on an advisory lock. It is built under another name and renamed when complete, and no
 * connection stays on it (a template in use cannot be copied).
 */
async function postgresTemplate(admin: pg.Client): Promise<string> {
  const template = `pesos_template_${schemaVersion()}`;
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query("select pg_advisory_lock(hashtext('pesos test template'))");
  try {
    if (await exists()) return template;
    const building = `${template}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${building}`;
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: 'memory://',
      poolSize: 1,
    });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    // pool.end() can resolve before the server has seen the connection close.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { rows } = await admin.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [building],
      );
      if (rows[0]?.n === '0') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('pesos test template'))");
  }
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (TEST_ENGINE === 'pglite') {
    const handle = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: await pgliteTemplate(),
    });
    return { handle, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const template = await postgresTemplate(admin);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    poolSize: 10,
  });
  return {
    handle,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      // pool.end() can resolve before the server has seen every connection close.
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const { rows } = await dropper.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'registerJobs' | 'onRoute'> & {
    /** E-mails go out through the app's own transport (SMTP_URL), not into `emails`. */
    realMail?: boolean;
  } = {},
): Promise<TestApp> {
  const { realMail, ...buildOptions } = options;
  const config: Config = loadConfig({
    DATA_DIR: 'memory://',
    PASSWORD_HASH_COST: '10',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    // Tests change users, sessions and invoices in SQL and expect the next request to see it.
    SESSION_CACHE_MS: '0',
    INVOICE_SUMMARY_CACHE_MS: '0',
    ...overrides,
  });
  const { handle, drop } = await openTestDatabase();
  const emails: SentEmail[] = [];
  const logs: string[] = [];
  const clock = new TestClock();
  const mailTransport: MailTransport = {
    async send(email) {
      emails.push(email);
    },
  };
  let closing: Promise<void> | undefined;
  const closeDatabase = () => (closing ??= handle.close());
  const app = await buildApp({
    config,
    database: { ...handle, close: closeDatabase },
    now: clock.now,
    ...(realMail ? {} : { mailTransport }),
    logStream: { write: (line) => void logs.push(line) },
    ...buildOptions,
  });
  await app.ready();
  // Every answer of every test is checked against the served OpenAPI document.
  checkAnswersAgainstContract(app);
  return {
    app,
    db: handle.db,
    emails,
    logs,
    clock,
    dataVersion: handle.dataVersion,
    closeDatabase,
    async close() {
      recordContractCoverage();
      await app.close();
      await drop();
    },
  };
}

/** JSON body of an inject answer. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
/** A signup body with a unique e-mail. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    sName: 'Ana',
    sLastName: 'García',
    sEmail: `ana.${Date.now()}.${counter}@example.test`,
    sPassword: 'Str0ng-pass!',
    sConfirmPassword: 'Str0ng-pass!',
    sEnterpriseName: 'Frutas del Norte LLC',
    sPhone: '+1 956 555 0199',
    ...overrides,
  };
}

export async function signUp(
  app: FastifyInstance,
  kind: 'customer' | 'vendor' = 'customer',
  overrides: Record<string, unknown> = {},
): Promise<{
  token: string;
  email: string;
  password: string;
  userId: string;
  enterpriseId: string;
}> {
  const body = signupBody(overrides);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/en/auth/signup/${kind}`,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const answer = json<{ token: string; user: { sUserId: string; sEnterpriseId: string } }>(
    response,
  );
  return {
    token: answer.token,
    email: body.sEmail,
    password: body.sPassword,
    userId: answer.user.sUserId,
    enterpriseId: answer.user.sEnterpriseId,
  };
}
