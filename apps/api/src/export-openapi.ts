import { writeFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to the given file
 * (`npm run contract` writes docs/openapi.json). Built from a throw-away in-memory app, so it
 * needs no database and no environment.
 */
async function exportOpenApiDocument(file: string): Promise<void> {
  // With the STP rail (npm start's), so the document carries the webhooks STP calls.
  const config = loadConfig({
    DATA_DIR: 'memory://',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    SPEI_RAIL: 'stp',
  });
  const app = await buildApp({ config, database: await openDatabase({ dataDir: 'memory://' }) });
  try {
    await app.ready();
    writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: export-openapi <file>');
  process.exit(2);
}
await exportOpenApiDocument(file);
