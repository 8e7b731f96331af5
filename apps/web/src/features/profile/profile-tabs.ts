import type { Role } from '@app/domain';

export interface ProfileTab {
  index: number;
  key: 'user' | 'enterprise' | 'users' | 'bank' | 'articles';
}

const COMMON: ProfileTab[] = [
  { index: 0, key: 'user' },
  { index: 1, key: 'enterprise' },
  { index: 2, key: 'users' },
];

const VENDOR_ONLY: ProfileTab[] = [
  { index: 3, key: 'bank' },
  { index: 4, key: 'articles' },
];

/** The tabs a user sees: growers also register their bank and manage their articles. */
export function profileTabs(role: Role): ProfileTab[] {
  return role === 'vendor' ? [...COMMON, ...VENDOR_ONLY] : COMMON;
}
