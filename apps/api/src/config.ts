import { isIP } from 'node:net';
import { validateClabe } from '@app/domain';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): off by default, a hop
 * count (`1`: the one load balancer in front), or a comma-separated list of addresses and
 * CIDRs (`10.0.0.0/8,fd00::/8`; `loopback`, `linklocal`, `uniquelocal` allowed).
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (entries.length === 0 || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or a list of addresses/CIDRs (not ${bad.join(', ') || 'empty'}); 'true' is not accepted`,
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Off by default: request.ip is the connection's address. See trustProxySchema. */
  TRUST_PROXY: trustProxySchema.optional(),
  /** PGlite data directory; `memory://` gives a throw-away database. Ignored with DATABASE_URL. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL connection string; when set, the server runs on PostgreSQL instead of PGlite. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * PostgreSQL only: a read-only server (a streaming replica) for the reports (statement,
   * conversion history); they lag the primary by the replication delay. Unset: the primary.
   */
  READ_DATABASE_URL: z.string().url().optional(),
  /**
   * Load the demo data (published passwords, an operator) into an empty database. Unset: on
   * for the embedded database only; PostgreSQL (a real deployment) needs DEMO_DATA=true.
   */
  DEMO_DATA: booleanFlag.optional(),
  /** Where reset links point; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port; without it e-mails are printed to the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Pesos & Produce <no-reply@localhost>'),
  /** scrypt cost as log2(N); 17 is the OWASP recommendation. Tests lower it. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(20).default(17),
  /** Worker threads that hash passwords (default: cores − 1, 1 to 4); logins queue for them. */
  PASSWORD_HASH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Passwords that may wait for a hashing worker; more answer 429 at once. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).default(200),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * How long a resolved session is reused in this process before it is read again. What
   * this process revokes is dropped at once; other processes see a revocation within this.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Password recovery requests one address may make in PASSWORD_RECOVERY_WINDOW_MINUTES. */
  PASSWORD_RECOVERY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  PASSWORD_RECOVERY_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Requests per minute per IP on the public account endpoints (login, signup, recovery). */
  PUBLIC_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /**
   * How long, at most, the invoice list's total and currency gain (summed over every invoice
   * of the filter) are reused for the same filter, rate and list version (migration 0019): a
   * change committed by any process raises the version, so it shows at once.
   */
  INVOICE_SUMMARY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How much of the invoice lists it has written (JSON) a process keeps, in MiB: a list is
   * reused only while the enterprise's list version and quote are unchanged, so a change
   * committed by any process shows at once. 0 keeps none.
   */
  INVOICE_LIST_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).default(60),
  /**
   * Where rates come from: `simulated` is a seeded random walk (no network needed); `banxico`
   * is Banxico's FIX (series SF43718 of the SIE API, BANXICO_TOKEN). Unset: `banxico` when a
   * token is set, `simulated` otherwise.
   */
  RATE_SOURCE: z.enum(['simulated', 'banxico']).optional(),
  /** The SIE API token (free, per user, from Banxico's site): header `Bmx-Token`. */
  BANXICO_TOKEN: z.string().trim().min(1).optional(),
  /** The SIE API's host; tests and mirrors point it elsewhere. */
  BANXICO_URL: z.string().url().default('https://www.banxico.org.mx'),
  /** How often the FIX is asked for. */
  BANXICO_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  /**
   * Quotes stop (503 RATE_SOURCE_UNAVAILABLE) when the source has not answered for this long,
   * rather than price money on a rate nobody confirmed.
   */
  BANXICO_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  BANXICO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * A folder the server watches for bank statements (camt.053, camt.054, BAI2): each file is
   * imported as the back office would, then moved to `imported/` or `failed/` under it.
   */
  BANK_STATEMENT_DIR: z.string().min(1).optional(),
  BANK_STATEMENT_SCAN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_SIMULATION_SEED: z.coerce.number().int().default(20261121),
  /** Centre of the simulated USD/MXN mid rate. */
  RATE_SIMULATION_CENTER: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .default('18.40'),
  RATE_SIMULATION_DAILY_VOLATILITY_BPS: z.coerce.number().int().min(0).max(1000).default(55),
  /** What a customer gives up against the mid on spot quotes, in basis points. */
  RATE_SPREAD_BPS: z.coerce.number().int().min(0).max(2000).default(50),
  FORWARD_SPREAD_BPS: z.coerce.number().int().min(0).max(2000).default(0),
  FORWARD_MXN_INTEREST_PERCENT: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .default('7.00'),
  FORWARD_USD_INTEREST_PERCENT: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .default('4.00'),
  /**
   * Seconds an approved request's run may take before it counts as cut short (its process
   * died between the decision and the money): the approvals.finish job then finishes it.
   */
  /**
   * Ask the SAT's public status service of each CFDI read, imported, and (by the
   * cfdi.sat-status job) again until paid. Off by default: it needs the internet.
   */
  SAT_STATUS_CHECK: z.enum(['on', 'off']).default('off'),
  /** The SAT's ConsultaCFDIService; tests point it at a local server of recorded answers. */
  SAT_STATUS_URL: z
    .string()
    .url()
    .default('https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc'),
  SAT_STATUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  APPROVAL_RUN_GRACE_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Fault tests only (scripts/faults/approval-crash.mjs): the process kills itself at this
   * point of an approved request's run. Never set it on a real server.
   */
  APPROVAL_FAULT_EXIT: z.enum(['after-decision', 'after-run']).optional(),
  /**
   * Where supplier payouts go: `sandbox` (accepts everything, settles by a timer; the
   * tests' default) or `stp` (SPEI through STP's `ordenPago/registra`, docs/RAILS.md). With
   * `stp` and no STP_URL, a local STP counterpart runs inside the server (npm start's default).
   */
  SPEI_RAIL: z.enum(['sandbox', 'stp']).default('sandbox'),
  /** STP's host, e.g. https://demo.stpmex.com:7024; unset: the local STP counterpart. */
  STP_URL: z.string().url().optional(),
  /** The company's name at STP (`empresa`). */
  STP_EMPRESA: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,15}$/, 'letters, digits or _, at most 15')
    .optional(),
  /** The company's own CLABE at STP (`cuentaOrdenante`, and the prefix of deposit CLABEs). */
  STP_ACCOUNT: z
    .string()
    .trim()
    .refine((value) => validateClabe(value).ok && value.startsWith('646'), {
      message: 'an 18-digit CLABE of STP (bank code 646) with a valid check digit',
    })
    .optional(),
  /** The PEM private key whose public half is registered with STP (signs every firma). */
  STP_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  STP_PRIVATE_KEY_PASSPHRASE: z.string().optional(),
  /** STP's configured callback URLs carry it as `?secret=`; required with STP_URL. */
  STP_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** Addresses or CIDRs allowed to call the STP webhooks; unset: any address with the secret. */
  STP_WEBHOOK_ALLOW: z
    .string()
    .trim()
    .transform((value, ctx): string[] => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => PROXY_NAMES.has(entry) || !isAddressOrCidr(entry));
      if (entries.length === 0 || bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `a list of addresses/CIDRs (not ${bad.join(', ') || 'empty'})`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
  /** How long a call to STP may take before it counts as unanswered (then looked up). */
  STP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The local STP counterpart calls the status back this long after an order. */
  /**
   * Fault tests only: the process kills itself at this point of a payout's hand-over to STP
   * (after the payment committed, before the order is recorded; or after STP accepted the
   * order, before its answer is recorded), so a restart must send it exactly once.
   */
  STP_FAULT_EXIT: z.enum(['before-hand-over', 'after-accepted']).optional(),
  STP_LOCAL_CALLBACK_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** Seconds after which the sandbox payout rail settles a processing payment. */
  PAYOUT_SETTLE_SECONDS: z.coerce.number().int().min(0).default(2),
  /** The largest uploaded image in pixels (width × height, read from its header). */
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  /** Uploaded images; defaults to DATA_DIR/uploads (in memory with DATA_DIR=memory://). */
  UPLOAD_DIR: z.string().optional(),
  /** Pallets one truck carries when an order is split into transports. */
  TRUCK_PALLETS: z.coerce.number().int().min(1).max(60).default(26),
  /** The buyer may reject a delivered load within this many hours (PACA: 8). */
  DISPUTE_WINDOW_HOURS: z.coerce.number().int().min(1).default(8),
  /** Marketplace freight per pallet from the packing regions to the crossing (USD cents). */
  FREIGHT_BASE_PER_PALLET_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(18_000),
  /** Marketplace freight per pallet per 100 km, McAllen to the buyer's warehouse (USD cents). */
  FREIGHT_PER_100KM_PER_PALLET_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(900),
  /**
   * Webhooks may go to loopback addresses, over http too (tests, local development). Every
   * other private address stays refused. Never in production.
   */
  WEBHOOK_ALLOW_LOOPBACK: booleanFlag.default(false),
  /** Attempts of one webhook delivery (5 s, then ×4 each, at most 10 h apart) before dead. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(9),
  /**
   * The key that encrypts secrets at rest (TOTP secrets, webhook signing secrets),
   * AES-256-GCM: 32 bytes as 64 hex digits or base64. Unset: a fixed development key on the
   * embedded database only; on PostgreSQL without it second factors cannot be set up and
   * webhook secrets are readable by this process only (start-up warns).
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((value) => secretsKeyBytes(value) !== undefined, {
      message: '32 bytes: 64 hex digits or base64',
    })
    .optional(),
  /** The built web app; served when it exists. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `auto`: one readable line per event on a terminal, JSON lines otherwise (files, log
   * collectors); `json` or `pretty` choose one whatever the output.
   */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
});

/** A development key, published in this file: used only on the embedded database. */
const EMBEDDED_DEV_SECRETS_KEY = 'a5'.repeat(32);

/** The 32 bytes of a SECRETS_KEY (hex or base64), or undefined when it is not 32 bytes. */
export function secretsKeyBytes(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const railCheckedSchema = configSchema.superRefine((config, ctx) => {
  if (config.RATE_SOURCE === 'banxico' && !config.BANXICO_TOKEN) {
    ctx.addIssue({
      code: 'custom',
      path: ['BANXICO_TOKEN'],
      message: 'RATE_SOURCE=banxico needs BANXICO_TOKEN (the SIE API token)',
    });
  }
  // A real STP connection needs every one of these; the local counterpart needs none.
  if (config.SPEI_RAIL !== 'stp' || !config.STP_URL) return;
  for (const name of [
    'STP_EMPRESA',
    'STP_ACCOUNT',
    'STP_PRIVATE_KEY_FILE',
    'STP_WEBHOOK_SECRET',
  ] as const) {
    if (config[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'required with SPEI_RAIL=stp and STP_URL',
      });
    }
  }
});

const resolvedConfigSchema = railCheckedSchema.transform((config) => ({
  ...config,
  RATE_SOURCE: config.RATE_SOURCE ?? (config.BANXICO_TOKEN ? 'banxico' : 'simulated'),
  DEMO_DATA: config.DEMO_DATA ?? config.DATABASE_URL === undefined,
  SECRETS_KEY:
    config.SECRETS_KEY ??
    (config.DATABASE_URL === undefined ? EMBEDDED_DEV_SECRETS_KEY : undefined),
}));

export type Config = z.infer<typeof resolvedConfigSchema>;

/** Parses the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = resolvedConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
