import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createOperator, CreateOperatorError } from './modules/auth/create-operator.js';
import { PasswordHasher } from './modules/auth/password-hasher.js';

/**
 * `npm run create-operator -- --email ops@example.com [--first-name A --last-name B]`:
 * creates the first back-office account of a real deployment (no demo data). On a terminal
 * the password is asked for (empty: generate one); otherwise, or with --generate, a random
 * password is generated and printed once. Uses the same DATABASE_URL / DATA_DIR as the server.
 */
async function askPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (text: string) => void };
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(question);
      muted._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask('Password (leave empty to generate one): ');
    if (first === '') return undefined;
    const second = await ask('Repeat the password: ');
    if (first !== second) throw new CreateOperatorError('The passwords do not match');
    return first;
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      generate: { type: 'boolean', default: false },
    },
  });
  if (!values.email) {
    console.error('Usage: npm run create-operator -- --email <address> [--generate]');
    return 2;
  }
  const config = loadConfig();
  const password = values.generate ? undefined : await askPassword();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    await migrateToLatest(database.db);
    const created = await createOperator(
      database.db,
      new PasswordHasher(config.PASSWORD_HASH_COST),
      {
        email: values.email,
        password,
        firstName: values['first-name'],
        lastName: values['last-name'],
      },
    );
    console.log(`Operator ${created.email} created (user ${created.userId}).`);
    if (created.generatedPassword) {
      console.log(`Password (shown only this once): ${created.generatedPassword}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CreateOperatorError ? error.message : error);
    process.exit(1);
  },
);
