import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Control characters no text field takes: C0 (NUL included, which PostgreSQL cannot store
 * in text) except tab, line feed and carriage return, DEL, and the C1 range.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON): no character at all, and PostgreSQL refuses
 * to store it (a 500 at the insert, after the checks). With the `u` flag a well-formed pair
 * is one code point and does not match; only a half of one does.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A character no text takes: a control character or a lone surrogate. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);
}

/** A place in the walked value: its key and its parent's place (the root has none). */
interface Place {
  value: unknown;
  key: string | undefined;
  /** Whether the key is an object's (checked as text) rather than an array index. */
  objectKey: boolean;
  parent: Place | undefined;
}

function pathOf(place: Place, lastKey?: string): string {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent) {
    if (at !== place || lastKey === undefined) keys.push(at.key);
  }
  return keys.reverse().join('.');
}

/**
 * The dotted path (`items.0.sName`) of the first string under `value` (keys included) that
 * holds a control character or a lone surrogate; undefined when there is none. Buffers
 * (uploads) are not text. The walk keeps its own stack rather than recursing, and a place
 * links to its parent rather than copying its path, so no shape of input can exhaust the
 * call stack or take time beyond its size.
 */
export function findControlCharacter(value: unknown): string | undefined {
  // Children are pushed last-first, so they are visited in document order.
  const stack: Place[] = [{ value, key: undefined, objectKey: false, parent: undefined }];
  for (let place = stack.pop(); place; place = stack.pop()) {
    if (place.objectKey && place.key !== undefined && hasControlCharacter(place.key)) {
      return pathOf(place, place.key.replace(CONTROL_CHARACTER, '?').replace(LONE_SURROGATE, '?'));
    }
    const item = place.value;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return pathOf(place) || 'body';
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index], key: String(index), objectKey: false, parent: place });
      }
      continue;
    }
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      stack.push({ value: child, key, objectKey: true, parent: place });
    }
  }
  return undefined;
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. The API's bodies nest 4
 * deep at most (a CFDI import: files → concepts); past this the body is refused before it
 * is parsed, so nothing downstream (schemas, checks, the database driver) meets a 50,000-deep
 * value.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, in one pass without
 * parsing: brackets inside strings are skipped (with their escapes). Malformed text is left
 * to the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * One check for every endpoint: a JSON body nested past MAX_JSON_DEPTH answers 400
 * INPUT_TOO_DEEP before it is parsed; a control character or a lone surrogate in any text
 * of the path, query or body answers 400 INVALID_INPUT with the field, before validation and
 * before the database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Fastify's own JSON parser (prototype poisoning refused as by default), after the scan.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('INPUT_TOO_DEEP'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    const field =
      findControlCharacter(request.params) ??
      findControlCharacter(request.query) ??
      findControlCharacter(request.body);
    if (field !== undefined) throw new AppError('INVALID_INPUT', { field });
  });
}
