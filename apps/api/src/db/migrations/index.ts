import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.js';
import * as finance from './0002-finance.js';
import * as marketplace from './0003-marketplace.js';
import * as orders from './0004-orders.js';
import * as readIndexes from './0005-read-indexes.js';
import * as houseBalances from './0006-house-balances.js';
import * as dashboardCounts from './0007-dashboard-counts.js';
import * as marketplaceMoney from './0008-marketplace-money.js';
import * as safeDefaults from './0009-safe-defaults.js';
import * as financeExactness from './0010-finance-exactness.js';
import * as jobs from './0011-jobs.js';
import * as marketplaceSearch from './0012-marketplace-search.js';
import * as payables from './0013-payables.js';
import * as teamRoles from './0014-team-roles.js';
import * as auditTotp from './0015-audit-totp.js';
import * as rateOrders from './0016-rate-orders.js';
import * as eventsWebhooks from './0017-events-webhooks.js';
import * as accountDays from './0018-account-days.js';
import * as invoiceListVersions from './0019-invoice-list-versions.js';
import * as postingStatementTrigger from './0020-posting-statement-trigger.js';
import * as attemptLimits from './0022-attempt-limits.js';
import * as approvalRuns from './0023-approval-runs.js';
import * as outboxPriority from './0024-outbox-priority.js';
import * as webhookSecretOverlap from './0038-webhook-secret-overlap.js';
import * as apiKeys from './0039-api-keys.js';
import * as approvalLevels from './0040-approval-levels.js';
import * as accountingAccounts from './0041-accounting-accounts.js';
import * as orderPriceChanges from './0044-order-price-changes.js';
import * as bankChangeHolds from './0021-bank-change-holds.js';
import * as stpOrders from './0026-stp-orders.js';
import * as stpDeposits from './0027-stp-deposits.js';
import * as stpReconciliation from './0028-stp-reconciliation.js';
import * as bankStatements from './0030-bank-statements.js';
import * as referenceRates from './0031-reference-rates.js';
import * as cfdiCreditNotes from './0034-cfdi-credit-notes.js';
import * as cfdiSatStatus from './0035-cfdi-sat-status.js';
import * as catalogueSearchKinds from './0042-catalogue-search-kinds.js';
import * as growerVerification from './0043-grower-verification.js';
import * as invoiceListSupplierDeleted from './0047-invoice-list-supplier-deleted.js';
import * as batchItemAsked from './0048-batch-item-asked.js';
import * as cfdiPaymentComplements from './0049-cfdi-payment-complements.js';
import * as companyTimeZone from './0052-company-time-zone.js';

/** Every migration in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-finance': finance,
  '0003-marketplace': marketplace,
  '0004-orders': orders,
  '0005-read-indexes': readIndexes,
  '0006-house-balances': houseBalances,
  '0007-dashboard-counts': dashboardCounts,
  '0008-marketplace-money': marketplaceMoney,
  '0009-safe-defaults': safeDefaults,
  '0010-finance-exactness': financeExactness,
  '0011-jobs': jobs,
  '0012-marketplace-search': marketplaceSearch,
  '0013-payables': payables,
  '0014-team-roles': teamRoles,
  '0015-audit-totp': auditTotp,
  '0016-rate-orders': rateOrders,
  '0017-events-webhooks': eventsWebhooks,
  '0018-account-days': accountDays,
  '0019-invoice-list-versions': invoiceListVersions,
  '0020-posting-statement-trigger': postingStatementTrigger,
  '0022-attempt-limits': attemptLimits,
  '0023-approval-runs': approvalRuns,
  '0024-outbox-priority': outboxPriority,
  '0038-webhook-secret-overlap': webhookSecretOverlap,
  '0039-api-keys': apiKeys,
  '0040-approval-levels': approvalLevels,
  '0041-accounting-accounts': accountingAccounts,
  '0021-bank-change-holds': bankChangeHolds,
  '0026-stp-orders': stpOrders,
  '0027-stp-deposits': stpDeposits,
  '0028-stp-reconciliation': stpReconciliation,
  '0030-bank-statements': bankStatements,
  '0031-reference-rates': referenceRates,
  '0034-cfdi-credit-notes': cfdiCreditNotes,
  '0035-cfdi-sat-status': cfdiSatStatus,
  '0042-catalogue-search-kinds': catalogueSearchKinds,
  '0043-grower-verification': growerVerification,
  '0044-order-price-changes': orderPriceChanges,
  '0047-invoice-list-supplier-deleted': invoiceListSupplierDeleted,
  '0048-batch-item-asked': batchItemAsked,
  '0049-cfdi-payment-complements': cfdiPaymentComplements,
  '0052-company-time-zone': companyTimeZone,
};
