import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.js';
import * as finance from './0002-finance.js';
import * as marketplace from './0003-marketplace.js';
import * as orders from './0004-orders.js';
import * as readIndexes from './0005-read-indexes.js';
import * as houseBalances from './0006-house-balances.js';
import * as dashboardCounts from './0007-dashboard-counts.js';

/** Every migration in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-finance': finance,
  '0003-marketplace': marketplace,
  '0004-orders': orders,
  '0005-read-indexes': readIndexes,
  '0006-house-balances': houseBalances,
  '0007-dashboard-counts': dashboardCounts,
};
