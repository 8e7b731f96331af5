import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-errors';
import type { profileEn } from '../../lib/i18n/features/profile';

type ProfileErrorKey = keyof (typeof profileEn)['errors'];

/** A client message `profile:<key>[:count]` in the current language; anything else as lib does. */
export function profileErrorText(error: FieldError | undefined, t: TFunction): string | undefined {
  const message = error?.message;
  if (message && error.type !== 'server' && message.startsWith('profile:')) {
    const [, key, count] = message.split(':');
    return t(`profile.errors.${key as ProfileErrorKey}`, { count: Number(count ?? 0) });
  }
  return fieldErrorText(error, t);
}
