/**
 * Zod 4 compiles a fast object parser with `new Function`, and first probes whether it may.
 * The server's Content-Security-Policy has no 'unsafe-eval', so that probe was refused and
 * reported as a CSP violation on every page that parses a form (Lighthouse's best-practices
 * audit listed it). Jitless skips both the probe and the compiled path; a form parses a few
 * fields, so the interpreted path costs nothing a user notices.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of zod on a
 * page, and adopts the object it finds there. Setting it here, first thing in main.tsx, keeps
 * zod itself out of the first load (importing `config` from zod would bring 4 kB of its core
 * into the entry); zod-jitless.test.ts fails if a zod release stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
