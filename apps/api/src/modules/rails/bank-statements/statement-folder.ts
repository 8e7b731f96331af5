import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isAppError } from '../../../errors.js';
import type { BankStatementsService } from './bank-statements.service.js';

/** Files larger than this are not statements we accept by upload either (BODY_LIMIT_BYTES). */
export interface StatementFolderOptions {
  dir: string;
  maxBytes: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/**
 * The watched folder: every file in BANK_STATEMENT_DIR (a bank's SFTP drop, a mounted share)
 * is imported as the back office would, then moved to `imported/` or, when it cannot be read,
 * to `failed/`, so a file is taken once and a person sees what was refused. A file moved
 * back in is imported again, which credits nothing twice (the bank reference is the key).
 */
export async function importStatementFolder(
  service: BankStatementsService,
  options: StatementFolderOptions,
): Promise<number> {
  const imported = join(options.dir, 'imported');
  const failed = join(options.dir, 'failed');
  await mkdir(imported, { recursive: true });
  await mkdir(failed, { recursive: true });
  let count = 0;
  for (const name of (await readdir(options.dir)).sort()) {
    // Hidden and partial files are still being written by whoever drops them.
    if (name.startsWith('.') || name.endsWith('.part') || name.endsWith('.tmp')) continue;
    const path = join(options.dir, name);
    const info = await stat(path);
    if (!info.isFile()) continue;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (info.size > options.maxBytes) {
      options.log.warn(
        { file: name, bytes: info.size },
        'Bank statement too large; moved to failed/',
      );
      await rename(path, join(failed, `${stamp}-${name}`));
      continue;
    }
    const content = await readFile(path, 'utf8');
    try {
      const result = await service.importStatement({
        fileName: name,
        content,
        source: 'FOLDER',
        userId: null,
      });
      await rename(path, join(imported, `${stamp}-${name}`));
      options.log.info(
        {
          file: name,
          format: result.format,
          matched: result.entries.filter((entry) => entry.outcome === 'MATCHED').length,
          unmatched: result.entries.filter((entry) => entry.outcome === 'UNMATCHED').length,
        },
        'Bank statement imported from the watched folder',
      );
      count += 1;
    } catch (error) {
      if (!isAppError(error)) throw error;
      options.log.warn(
        { file: name, code: error.code },
        'Bank statement refused; moved to failed/',
      );
      await rename(path, join(failed, `${stamp}-${name}`));
    }
  }
  return count;
}
