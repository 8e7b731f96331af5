import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import { dashboardQueryOptions } from '../lib/finance/queries';
import { withFeatureTexts } from '../lib/i18n/feature-texts';
import { getSession } from '../lib/session-store';
import { RedirectIfLoggedIn } from './guards/redirect-if-logged-in';
import { RequireAuth } from './guards/require-auth';
import { RequireManager } from './guards/require-manager';
import { RootRedirect } from './guards/root-redirect';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteFallback } from './routes/route-fallback';

const homeRoute = {
  lazy: async () => ({ Component: (await import('../features/landing/home-page')).HomePage }),
};

/**
 * A loader that asks for a page's first data while its code loads, so the page renders
 * with its data instead of a skeleton and a second pass. It never waits (the route does
 * not either) and asks nothing without a session (RequireAuth sends the visitor away).
 */
function prefetching(prefetch: () => unknown): () => null {
  return () => {
    if (getSession()) void prefetch();
    return null;
  };
}

/**
 * The route table of both specification documents. Every page is its own lazy chunk;
 * the two shells are lazy too, so the first load carries only what the page needs. A page
 * of a feature loads the feature's texts with its code (`withFeatureTexts`): the route
 * renders once both are in, so no raw key ever shows.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: RouteFallback,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, Component: RootRedirect },

        // Marketplace shell: public pages, account screens and the manager-only pages.
        {
          lazy: async () => ({
            Component: (await withFeatureTexts(['cart'], import('./layouts/marketplace-layout')))
              .MarketplaceLayout,
          }),
          children: [
            { path: 'home', ...homeRoute },
            {
              path: 'welcome',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/welcome-page'))
                ).WelcomePage,
              }),
            },
            {
              path: 'superbuyer',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/superbuyer-page'))
                ).SuperbuyerPage,
              }),
            },
            {
              path: 'catalogs',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/categories-page'))
                ).CategoriesPage,
              }),
            },
            {
              path: 'catalogs/:id/subcatalogs',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(
                    ['catalog'],
                    import('../features/catalog/subcategories-page'),
                  )
                ).SubcategoriesPage,
              }),
            },
            {
              path: 'catalogs/:idCategory/subcatalogs/:idSubcategory/articles',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/articles-page'))
                ).ArticlesPage,
              }),
            },
            {
              path: 'search',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/articles-page'))
                ).SearchPage,
              }),
            },
            {
              path: 'view/article/:id',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/article-page'))
                ).ArticlePage,
              }),
            },
            {
              path: 'vendor',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/vendors-page'))
                ).VendorsPage,
              }),
            },
            {
              path: 'vendor/detail/:id',
              lazy: async () => ({
                Component: (
                  await withFeatureTexts(['catalog'], import('../features/catalog/vendor-page'))
                ).VendorPage,
              }),
            },
            {
              Component: RedirectIfLoggedIn,
              children: [
                {
                  path: 'login',
                  lazy: async () => ({
                    Component: (await import('../features/auth/login-page')).LoginPage,
                  }),
                },
              ],
            },
            {
              path: 'signin',
              lazy: async () => ({
                Component: (await import('../features/auth/signup-chooser-page')).SignupChooserPage,
              }),
            },
            {
              path: 'signin/customer',
              lazy: async () => ({
                Component: (await import('../features/auth/signup-page')).CustomerSignupPage,
              }),
            },
            {
              path: 'signin/vendor',
              lazy: async () => ({
                Component: (await import('../features/auth/signup-page')).VendorSignupPage,
              }),
            },
            {
              path: 'password-recovery',
              lazy: async () => ({
                Component: (await import('../features/auth/password-recovery-page'))
                  .PasswordRecoveryPage,
              }),
            },
            {
              path: 'change-password/:id',
              lazy: async () => ({
                Component: (await import('../features/auth/change-password-page'))
                  .ChangePasswordPage,
              }),
            },
            {
              Component: RequireAuth,
              children: [
                // Every member of the company opens the marketplace account screens (read-only
                // for a VIEWER); the server checks each write's role.
                {
                  path: 'profile/tab/:num',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['profile'],
                        import('../features/profile/profile-page'),
                      )
                    ).ProfilePage,
                  }),
                },
                {
                  path: 'warehouse',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouses-page'),
                      )
                    ).WarehousesPage,
                  }),
                },
                {
                  path: 'warehouse/add',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouse-edit-page'),
                      )
                    ).AddWarehousePage,
                  }),
                },
                {
                  path: 'warehouse/edit/:id',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouse-edit-page'),
                      )
                    ).EditWarehousePage,
                  }),
                },
                {
                  path: 'shopping-cart',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(['cart'], import('../features/cart/cart-page'))
                    ).CartPage,
                  }),
                },
                {
                  path: 'order/tab/:num',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(['orders'], import('../features/orders/orders-page'))
                    ).OrdersPage,
                  }),
                },
                {
                  // The order detail opens disputes with the disputes feature's dialog.
                  path: 'order-detail/:type/:id',
                  lazy: async () => {
                    const [{ OrderDetailPage }, { OpenDisputeDialog }] = await Promise.all([
                      withFeatureTexts(
                        ['orders', 'finance', 'disputes', 'money'],
                        import('../features/orders/order-detail-page'),
                      ),
                      import('../features/disputes/components/open-dispute-dialog'),
                    ]);
                    return {
                      element: <OrderDetailPage OpenDisputeDialog={OpenDisputeDialog} />,
                    };
                  },
                },
                {
                  path: 'payment-process',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['cart', 'finance', 'money'],
                        import('../features/cart/payment-process-page'),
                      )
                    ).PaymentProcessPage,
                  }),
                },
                {
                  path: 'disputes/tab/:num',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['disputes'],
                        import('../features/disputes/disputes-page'),
                      )
                    ).DisputesPage,
                  }),
                },
                {
                  path: 'dispute/:id',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['disputes'],
                        import('../features/disputes/dispute-detail-page'),
                      )
                    ).DisputeDetailPage,
                  }),
                },
              ],
            },
            // Any unknown path shows the landing page; the URL stays as typed.
            { path: '*', ...homeRoute },
          ],
        },

        // Finance dashboard shell: login required.
        {
          Component: RequireAuth,
          children: [
            {
              lazy: async () => ({
                Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
              }),
              children: [
                {
                  path: 'exchange',
                  // The page shows its figures once both have answered (no layout shift).
                  loader: prefetching(async () => {
                    const pendingApprovals = import('../features/team/api/team').then(
                      ({ approvalsQueryOptions }) =>
                        queryClient.prefetchQuery(approvalsQueryOptions('PENDING')),
                    );
                    await Promise.all([
                      queryClient.prefetchQuery(dashboardQueryOptions()),
                      pendingApprovals,
                    ]);
                  }),
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'exchange'],
                        import('../features/exchange/exchange-page'),
                      )
                    ).ExchangePage,
                  }),
                },
                {
                  path: 'invoices',
                  loader: prefetching(async () => {
                    const { prefetchInvoicesPage } =
                      await import('../features/invoices/api/invoices');
                    await prefetchInvoicesPage(queryClient);
                  }),
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'invoices', 'payables'],
                        import('../features/invoices/invoices-page'),
                      )
                    ).InvoicesPage,
                  }),
                },
                {
                  path: 'forwards',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'conversions', 'forwards'],
                        import('../features/conversions/forwards-page'),
                      )
                    ).ForwardsPage,
                  }),
                },
                {
                  path: 'balance',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'conversions', 'forwards'],
                        import('../features/conversions/balance-page'),
                      )
                    ).BalancePage,
                  }),
                },
                {
                  path: 'conversions',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'conversions', 'forwards'],
                        import('../features/conversions/conversions-page'),
                      )
                    ).ConversionsPage,
                  }),
                },
                {
                  path: 'payments',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'payments', 'payables'],
                        import('../features/payments/payments-page'),
                      )
                    ).PaymentsPage,
                  }),
                },
                {
                  path: 'payments/batches/:batchId',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'payments', 'payables'],
                        import('../features/payments/batch-page'),
                      )
                    ).BatchPage,
                  }),
                },
                {
                  path: 'payments/:paymentId/spei',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'payments', 'payables'],
                        import('../features/payments/spei-proof-page'),
                      )
                    ).SpeiProofPage,
                  }),
                },
                {
                  path: 'approvals',
                  lazy: async () => ({
                    Component: (await import('../features/team/approvals-page')).ApprovalsPage,
                  }),
                },
                {
                  path: 'approvals/:approvalId',
                  lazy: async () => ({
                    Component: (await import('../features/team/approval-page')).ApprovalPage,
                  }),
                },
                {
                  path: 'team',
                  lazy: async () => ({
                    Component: (await import('../features/team/team-settings-page'))
                      .TeamSettingsPage,
                  }),
                },
                {
                  path: 'suppliers',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'suppliers'],
                        import('../features/suppliers/suppliers-page'),
                      )
                    ).SuppliersPage,
                  }),
                },
                {
                  path: 'statement',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'statement'],
                        import('../features/statement/statement-page'),
                      )
                    ).StatementPage,
                  }),
                },
                {
                  path: 'operator',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'operator', 'disputes', 'orders', 'money'],
                        import('../features/operator/operator-page'),
                      )
                    ).OperatorPage,
                  }),
                },
                {
                  path: 'income',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'money'],
                        import('../features/income/income-page'),
                      )
                    ).IncomePage,
                  }),
                },
                {
                  path: 'security',
                  lazy: async () => ({
                    Component: (
                      await withFeatureTexts(
                        ['finance', 'security'],
                        import('../features/security/security-page'),
                      )
                    ).SecurityPage,
                  }),
                },
                {
                  Component: RequireManager,
                  children: [
                    {
                      path: 'audit-log',
                      lazy: async () => ({
                        Component: (
                          await withFeatureTexts(
                            ['finance', 'security'],
                            import('../features/security/audit-log-page'),
                          )
                        ).AuditLogPage,
                      }),
                    },
                  ],
                },
                // The specification's placeholder path of the income history.
                { path: 'test', element: <Navigate to="/income" replace /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
