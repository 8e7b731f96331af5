import { looksLikeBai2, parseBai2 } from './bai2-parser.js';
import { looksLikeXml, parseCamt } from './camt-parser.js';
import { StatementUnreadableError, type ParsedStatement } from './statement-entry.js';

/** Reads a statement file in whichever supported format it is written. */
export function parseStatement(content: string): ParsedStatement {
  if (looksLikeXml(content)) return parseCamt(content);
  if (looksLikeBai2(content)) return parseBai2(content);
  throw new StatementUnreadableError('neither ISO 20022 camt XML nor BAI2');
}
