import type { Role } from '@app/domain';

export interface ProfileTab {
  index: number;
  key: 'user' | 'enterprise' | 'users' | 'bank' | 'articles' | 'notifications' | 'webhooks';
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

export const NOTIFICATIONS_TAB: ProfileTab = { index: 5, key: 'notifications' };
/** Only the company's ADMINs manage its webhooks (the API refuses the other roles). */
export const WEBHOOKS_TAB: ProfileTab = { index: 6, key: 'webhooks' };

/**
 * The tabs a user sees: growers also register their bank and manage their articles; every
 * user chooses their e-mail notifications; managers also see the company's webhooks.
 */
export function profileTabs(role: Role, isManager = false): ProfileTab[] {
  return [
    ...COMMON,
    ...(role === 'vendor' ? VENDOR_ONLY : []),
    NOTIFICATIONS_TAB,
    ...(isManager ? [WEBHOOKS_TAB] : []),
  ];
}
