import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { logFormat, prettyLogStream } from './logger.js';

/** Starts the server and stops it cleanly: no new connections, in-flight requests finish, the database closes. */
async function main(): Promise<void> {
  const config = loadConfig();
  const isTerminal = process.stdout.isTTY === true;
  const app = await buildApp({
    config,
    ...(logFormat(config, isTerminal) === 'pretty'
      ? { logStream: prettyLogStream({ colorize: isTerminal }) }
      : {}),
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
