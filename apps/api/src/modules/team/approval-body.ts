import { AppError } from '../../errors.js';
import type { ApprovalKindEntry } from './approval-kind.js';

/** A body to run, checked with the direct call's schema (a bad one is the caller's 400). */
export function parseRunBody(entry: ApprovalKindEntry, body: unknown): unknown {
  const parsed = entry.schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.join('.');
  throw new AppError('INVALID_INPUT', field ? { field } : {});
}

/** A money write's stored answer as the approval's result (the route's answer shape). */
export function storedResult(entry: ApprovalKindEntry, responseBody: string): string {
  if (entry.run.mode !== 'standalone' || !entry.run.answerOf) return responseBody;
  return JSON.stringify(entry.run.answerOf(JSON.parse(responseBody)));
}

/** JSON with object keys sorted: jsonb gives a body back with its keys in its own order. */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}
