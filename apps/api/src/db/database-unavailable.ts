/** Node's errors for a server that cannot be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs for a database that is going or gone: the connection exceptions
 * (class 08), a shutdown or start-up in progress (57P01–57P03), no connection slot (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** What pg's pool, PGlite and Kysely throw once their database is closed or out of reach. */
const UNAVAILABLE_MESSAGE =
  /^(Cannot use a pool after calling end on the pool|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable|PGlite is closed|driver has already been destroyed)/;

/**
 * Whether an error (or one it wraps: `cause`, an AggregateError's errors) says the database
 * cannot be reached, rather than that a statement failed. Those answer 503 with Retry-After:
 * the request was fine and may well succeed in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen += 1) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    const { code, message, cause, errors } = item as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
