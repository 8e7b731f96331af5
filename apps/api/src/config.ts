import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PGlite data directory; `memory://` gives a throw-away database. Ignored with DATABASE_URL. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL connection string; when set, the server runs on PostgreSQL instead of PGlite. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DEMO_DATA: booleanFlag.default(true),
  /** Where reset links point; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port; without it e-mails are printed to the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Pesos & Produce <no-reply@localhost>'),
  /** scrypt cost as log2(N); 17 is the OWASP recommendation. Tests lower it. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(20).default(17),
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
  /** Requests per minute per IP on the public account endpoints (login, signup, recovery). */
  PUBLIC_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /**
   * How long the invoice list's total and currency gain (summed over every invoice of the
   * filter) are reused for the same filter and rate. This process's own changes drop them
   * at once; another process's show within this.
   */
  INVOICE_SUMMARY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** Where rates come from; `simulated` is a seeded random walk (no network needed). */
  RATE_SOURCE: z.enum(['simulated']).default('simulated'),
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
  /** Seconds after which the sandbox payout rail settles a processing payment. */
  PAYOUT_SETTLE_SECONDS: z.coerce.number().int().min(0).default(2),
  /** Uploaded images; defaults to DATA_DIR/uploads (in memory with DATA_DIR=memory://). */
  UPLOAD_DIR: z.string().optional(),
  /** Pallets one truck carries when an order is split into transports. */
  TRUCK_PALLETS: z.coerce.number().int().min(1).max(60).default(26),
  /** The buyer may reject a delivered load within this many hours (PACA: 8). */
  DISPUTE_WINDOW_HOURS: z.coerce.number().int().min(1).default(8),
  /** The built web app; served when it exists. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(cleaned);
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
