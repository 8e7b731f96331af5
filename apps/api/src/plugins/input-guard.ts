import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Control characters no text field takes: C0 (NUL included, which PostgreSQL cannot store
 * in text) except tab, line feed and carriage return, DEL, and the C1 range.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The dotted path (`items.0.sName`) of the first string under `value` (keys included) that
 * holds a control character; undefined when there is none. Buffers (uploads) are not text.
 */
export function findControlCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    return hasControlCharacter(value) ? path.join('.') || 'body' : undefined;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, key.replace(CONTROL_CHARACTER, '?')].join('.');
    const found = findControlCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * One check for every endpoint: a control character in any text of the path, query or body
 * answers 400 INVALID_INPUT with the field, before validation and before the database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findControlCharacter(request.params) ??
      findControlCharacter(request.query) ??
      findControlCharacter(request.body);
    if (field !== undefined) throw new AppError('INVALID_INPUT', { field });
  });
}
