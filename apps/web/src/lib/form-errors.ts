import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { $ZodRawIssue } from 'zod/v4/core';
import { isApiError } from './api-client';
import type { en } from './i18n/en';

export type ValidationKey = keyof (typeof en)['validation'];

const VALIDATION_KEYS = new Set<string>([
  'required',
  'email',
  'minLength',
  'maxLength',
  'phone',
  'invalid',
  'PASSWORDS_DO_NOT_MATCH',
] satisfies ValidationKey[]);

function isValidationKey(value: string): value is ValidationKey {
  return VALIDATION_KEYS.has(value);
}

/**
 * Zod error map for forms. It returns a key (with a count when needed), not a text, so
 * a message shown before the user switches language is shown again in the new one.
 */
export function validationErrorMap(issue: $ZodRawIssue): string {
  if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? 'required'
        : `minLength:${String(issue.minimum)}`;
    case 'too_big':
      return `maxLength:${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * The text of a field error in the current language. Server messages are shown as sent.
 * `formatKey` replaces every client error but "required" (a phone number is better
 * explained by its format than by its length).
 */
export function fieldErrorText(
  error: FieldError | undefined,
  t: TFunction,
  formatKey?: ValidationKey,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === 'server') return message;
  const [key = '', count] = message.split(':');
  if (!isValidationKey(key)) return message;
  const shown = formatKey && key !== 'required' ? formatKey : key;
  return t(`validation.${shown}`, { count: Number(count ?? 0) });
}

/**
 * Puts a server error that names one of the form's fields on that field, in the server's
 * words or in the form's own (`messageFor`, when the server names the field but not the
 * reason). Returns false when the error is about something else (then show it as a toast).
 */
export function applyServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  messageFor?: (field: Path<T>, serverMessage: string) => string,
): boolean {
  if (!isApiError(error) || !error.field) return false;
  const field = fields.find((name) => name === error.field);
  if (!field) return false;
  const message = messageFor ? messageFor(field, error.message) : error.message;
  setError(field, { type: 'server', message }, { shouldFocus: true });
  return true;
}
