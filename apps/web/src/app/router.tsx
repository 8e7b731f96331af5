import type { QueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { dashboardQueryOptions } from '../lib/finance/queries';
import { withFeatureTexts } from '../lib/i18n/feature-texts';
import type { AppRoute } from './lazy-routes';
import { RedirectIfLoggedIn } from './guards/redirect-if-logged-in';
import { RequireAuth } from './guards/require-auth';
import { RequireManager } from './guards/require-manager';
import { RootRedirect } from './guards/root-redirect';
import { RootLayout } from './root-layout';

const homeRoute = {
  lazyComponent: async () =>
    (await withFeatureTexts(['home'], import('../features/landing/home-page'))).HomePage,
};

/**
 * The route table of both specification documents. Every page is its own lazy chunk;
 * the two shells are lazy too, so the first load carries only what the page needs. A page
 * of a feature loads the feature's texts with its code (`withFeatureTexts`): the route
 * renders once both are in, so no raw key ever shows. A `prefetch` asks for a page's first
 * data while its code loads, so the page renders with its data instead of a skeleton and a
 * second pass (`AppRoutes` starts both for every route a navigation matches).
 */
export function createRoutes(queryClient: QueryClient): AppRoute[] {
  return [
    {
      Component: RootLayout,
      children: [
        { index: true, Component: RootRedirect },

        // Marketplace shell: public pages, account screens and the manager-only pages.
        {
          lazyComponent: async () =>
            (await withFeatureTexts(['cart', 'onboarding'], import('./layouts/marketplace-layout')))
              .MarketplaceLayout,
          children: [
            { path: 'home', ...homeRoute },
            {
              path: 'welcome',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/welcome-page')))
                  .WelcomePage,
            },
            {
              path: 'superbuyer',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/superbuyer-page')))
                  .SuperbuyerPage,
            },
            {
              path: 'catalogs',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/categories-page')))
                  .CategoriesPage,
            },
            {
              path: 'catalogs/:id/subcatalogs',
              lazyComponent: async () =>
                (
                  await withFeatureTexts(
                    ['catalog'],
                    import('../features/catalog/subcategories-page'),
                  )
                ).SubcategoriesPage,
            },
            {
              path: 'catalogs/:idCategory/subcatalogs/:idSubcategory/articles',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/articles-page')))
                  .ArticlesPage,
            },
            {
              path: 'search',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/articles-page')))
                  .SearchPage,
            },
            {
              path: 'view/article/:id',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/article-page')))
                  .ArticlePage,
            },
            {
              path: 'vendor',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/vendors-page')))
                  .VendorsPage,
            },
            {
              path: 'vendor/detail/:id',
              lazyComponent: async () =>
                (await withFeatureTexts(['catalog'], import('../features/catalog/vendor-page')))
                  .VendorPage,
            },
            {
              Component: RedirectIfLoggedIn,
              children: [
                {
                  path: 'login',
                  lazyComponent: async () =>
                    (await withFeatureTexts(['auth'], import('../features/auth/login-page')))
                      .LoginPage,
                },
              ],
            },
            {
              path: 'signin',
              lazyComponent: async () =>
                (await withFeatureTexts(['auth'], import('../features/auth/signup-chooser-page')))
                  .SignupChooserPage,
            },
            {
              path: 'signin/customer',
              lazyComponent: async () =>
                (await withFeatureTexts(['auth'], import('../features/auth/signup-page')))
                  .CustomerSignupPage,
            },
            {
              path: 'signin/vendor',
              lazyComponent: async () =>
                (await withFeatureTexts(['auth'], import('../features/auth/signup-page')))
                  .VendorSignupPage,
            },
            {
              path: 'password-recovery',
              lazyComponent: async () =>
                (
                  await withFeatureTexts(
                    ['auth'],
                    import('../features/auth/password-recovery-page'),
                  )
                ).PasswordRecoveryPage,
            },
            {
              path: 'change-password/:id',
              lazyComponent: async () =>
                (await withFeatureTexts(['auth'], import('../features/auth/change-password-page')))
                  .ChangePasswordPage,
            },
            {
              Component: RequireAuth,
              children: [
                // Every member of the company opens the marketplace account screens (read-only
                // for a VIEWER); the server checks each write's role.
                {
                  path: 'profile/tab/:num',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['profile'],
                        import('../features/profile/profile-page'),
                      )
                    ).ProfilePage,
                },
                {
                  path: 'warehouse',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouses-page'),
                      )
                    ).WarehousesPage,
                },
                {
                  path: 'warehouse/add',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouse-edit-page'),
                      )
                    ).AddWarehousePage,
                },
                {
                  path: 'warehouse/edit/:id',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['warehouses'],
                        import('../features/warehouses/warehouse-edit-page'),
                      )
                    ).EditWarehousePage,
                },
                {
                  path: 'shopping-cart',
                  lazyComponent: async () =>
                    (await withFeatureTexts(['cart'], import('../features/cart/cart-page')))
                      .CartPage,
                },
                {
                  path: 'order/tab/:num',
                  lazyComponent: async () =>
                    (await withFeatureTexts(['orders'], import('../features/orders/orders-page')))
                      .OrdersPage,
                },
                {
                  // The order detail opens disputes with the disputes feature's dialog.
                  path: 'order-detail/:type/:id',
                  lazyComponent: async () => {
                    const [{ OrderDetailPage }, { OpenDisputeDialog }] = await Promise.all([
                      withFeatureTexts(
                        ['orders', 'finance', 'disputes', 'money'],
                        import('../features/orders/order-detail-page'),
                      ),
                      import('../features/disputes/components/open-dispute-dialog'),
                    ]);
                    return function OrderDetailRoute() {
                      return <OrderDetailPage OpenDisputeDialog={OpenDisputeDialog} />;
                    };
                  },
                },
                {
                  path: 'payment-process',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['cart', 'finance', 'money'],
                        import('../features/cart/payment-process-page'),
                      )
                    ).PaymentProcessPage,
                },
                {
                  path: 'disputes/tab/:num',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['disputes'],
                        import('../features/disputes/disputes-page'),
                      )
                    ).DisputesPage,
                },
                {
                  path: 'dispute/:id',
                  lazyComponent: async () =>
                    (
                      await withFeatureTexts(
                        ['disputes'],
                        import('../features/disputes/dispute-detail-page'),
                      )
                    ).DisputeDetailPage,
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
              lazyComponent: async () =>
                (await import('./layouts/dashboard-layout')).DashboardLayout,
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
                    (
                      await withFeatureTexts(
                        ['finance', 'exchange'],
                        import('./routes/exchange-route'),
                      )
                    ).ExchangeRoute,
                },
                {
                  path: 'invoices',
                  prefetch: async () => {
                    const { prefetchInvoicesPage } =
                      await import('../features/invoices/api/invoices');
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
        },
      ],
    },
  ];
}
