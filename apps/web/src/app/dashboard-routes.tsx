import type { QueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { dashboardQueryOptions } from '../lib/finance/queries';
import { withFeatureTexts } from '../lib/i18n/feature-texts';
import type { AppRoute } from './lazy-routes';
import { RequireAuth } from './guards/require-auth';
import { RequireManager } from './guards/require-manager';

/** The finance dashboard shell: login required. */
export function dashboardRoutes(queryClient: QueryClient): AppRoute {
  return {
    Component: RequireAuth,
    children: [
      {
        lazyComponent: async () => (await import('./layouts/dashboard-layout')).DashboardLayout,
        children: [
          {
            path: 'exchange',
            // The page shows its figures once both have answered (no layout shift).
            prefetch: async () => {
              const pendingApprovals = import('../features/team/api/team').then(
                ({ approvalsQueryOptions }) =>
                  queryClient.prefetchQuery(approvalsQueryOptions('PENDING')),
              );
              await Promise.all([
                queryClient.prefetchQuery(dashboardQueryOptions()),
                pendingApprovals,
              ]);
            },
            lazyComponent: async () =>
              (await withFeatureTexts(['finance', 'exchange'], import('./routes/exchange-route')))
                .ExchangeRoute,
          },
          {
            path: 'invoices',
            prefetch: async () => {
              const { prefetchInvoicesPage } = await import('../features/invoices/api/invoices');
              await prefetchInvoicesPage(queryClient);
            },
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'invoices', 'payables'],
                  import('../features/invoices/invoices-page'),
                )
              ).InvoicesPage,
          },
          {
            path: 'forwards',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'conversions', 'forwards'],
                  import('../features/conversions/forwards-page'),
                )
              ).ForwardsPage,
          },
          {
            path: 'balance',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'conversions', 'forwards'],
                  import('../features/conversions/balance-page'),
                )
              ).BalancePage,
          },
          {
            path: 'conversions',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'conversions', 'forwards'],
                  import('../features/conversions/conversions-page'),
                )
              ).ConversionsPage,
          },
          {
            path: 'payments',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'payments', 'payables'],
                  import('../features/payments/payments-page'),
                )
              ).PaymentsPage,
          },
          {
            path: 'payments/batches/:batchId',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'payments', 'payables'],
                  import('../features/payments/batch-page'),
                )
              ).BatchPage,
          },
          {
            path: 'payments/:paymentId/spei',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'payments', 'payables'],
                  import('../features/payments/spei-proof-page'),
                )
              ).SpeiProofPage,
          },
          {
            path: 'approvals',
            lazyComponent: async () =>
              (await import('../features/team/approvals-page')).ApprovalsPage,
          },
          {
            path: 'approvals/:approvalId',
            lazyComponent: async () =>
              (await import('../features/team/approval-page')).ApprovalPage,
          },
          {
            path: 'team',
            lazyComponent: async () =>
              (await import('../features/team/team-settings-page')).TeamSettingsPage,
          },
          {
            path: 'suppliers',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'suppliers'],
                  import('../features/suppliers/suppliers-page'),
                )
              ).SuppliersPage,
          },
          {
            path: 'statement',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'statement'],
                  import('../features/statement/statement-page'),
                )
              ).StatementPage,
          },
          {
            path: 'operator',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'operator', 'disputes', 'orders', 'money'],
                  import('../features/operator/operator-page'),
                )
              ).OperatorPage,
          },
          {
            path: 'income',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'money'],
                  import('../features/income/income-page'),
                )
              ).IncomePage,
          },
          {
            path: 'security',
            lazyComponent: async () =>
              (
                await withFeatureTexts(
                  ['finance', 'security'],
                  import('../features/security/security-page'),
                )
              ).SecurityPage,
          },
          {
            Component: RequireManager,
            children: [
              {
                path: 'audit-log',
                lazyComponent: async () =>
                  (
                    await withFeatureTexts(
                      ['finance', 'security'],
                      import('../features/security/audit-log-page'),
                    )
                  ).AuditLogPage,
              },
            ],
          },
          // The specification's placeholder path of the income history.
          { path: 'test', element: <Navigate to="/income" replace /> },
        ],
      },
    ],
  };
}
