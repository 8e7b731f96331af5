import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { RedirectIfLoggedIn } from './guards/redirect-if-logged-in';
import { RequireAuth } from './guards/require-auth';
import { RequireManager } from './guards/require-manager';
import { RootRedirect } from './guards/root-redirect';
import { RootLayout } from './root-layout';
import type { PageKey } from './routes/not-built-page';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteFallback } from './routes/route-fallback';

/** A page a later issue builds: one shared lazy chunk with the page frame and a notice. */
function notBuilt(path: string, page: PageKey): RouteObject {
  return {
    path,
    lazy: async () => {
      const { NotBuiltPage } = await import('./routes/not-built-page');
      return { element: <NotBuiltPage page={page} /> };
    },
  };
}

const homeRoute = {
  lazy: async () => ({ Component: (await import('../features/landing/home-page')).HomePage }),
};

/**
 * The route table of both specification documents. Every page is its own lazy chunk;
 * the two shells are lazy too, so the first load carries only what the page needs.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, Component: RootRedirect },

      // Marketplace shell: public pages, account screens and the manager-only pages.
      {
        lazy: async () => ({
          Component: (await import('./layouts/marketplace-layout')).MarketplaceLayout,
        }),
        children: [
          { path: 'home', ...homeRoute },
          notBuilt('welcome', 'welcome'),
          notBuilt('superbuyer', 'superbuyer'),
          notBuilt('catalogs', 'catalogs'),
          notBuilt('catalogs/:id/subcatalogs', 'subcatalogs'),
          notBuilt('catalogs/:idCategory/subcatalogs/:idSubcategory/articles', 'articles'),
          notBuilt('view/article/:id', 'article'),
          notBuilt('vendor', 'vendors'),
          notBuilt('vendor/detail/:id', 'vendorDetail'),
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
              Component: (await import('../features/auth/change-password-page')).ChangePasswordPage,
            }),
          },
          {
            Component: RequireAuth,
            children: [
              {
                Component: RequireManager,
                children: [
                  notBuilt('profile/tab/:num', 'profile'),
                  notBuilt('warehouse', 'warehouses'),
                  notBuilt('warehouse/add', 'addWarehouse'),
                  notBuilt('warehouse/edit/:id', 'editWarehouse'),
                  notBuilt('shopping-cart', 'shoppingCart'),
                  notBuilt('order/tab/:num', 'orders'),
                  notBuilt('order-detail/:type/:id', 'orderDetail'),
                  notBuilt('payment-process', 'paymentProcess'),
                  notBuilt('disputes/tab/:num', 'disputes'),
                  notBuilt('dispute/:id', 'dispute'),
                ],
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
                lazy: async () => ({
                  Component: (await import('../features/exchange/exchange-page')).ExchangePage,
                }),
              },
              {
                path: 'invoices',
                lazy: async () => ({
                  Component: (await import('../features/invoices/invoices-page')).InvoicesPage,
                }),
              },
              {
                path: 'forwards',
                lazy: async () => ({
                  Component: (await import('../features/conversions/forwards-page')).ForwardsPage,
                }),
              },
              {
                path: 'balance',
                lazy: async () => ({
                  Component: (await import('../features/conversions/balance-page')).BalancePage,
                }),
              },
              {
                path: 'conversions',
                lazy: async () => ({
                  Component: (await import('../features/conversions/conversions-page'))
                    .ConversionsPage,
                }),
              },
              {
                path: 'payments',
                lazy: async () => ({
                  Component: (await import('../features/payments/payments-page')).PaymentsPage,
                }),
              },
              {
                path: 'suppliers',
                lazy: async () => ({
                  Component: (await import('../features/suppliers/suppliers-page')).SuppliersPage,
                }),
              },
              {
                path: 'statement',
                lazy: async () => ({
                  Component: (await import('../features/statement/statement-page')).StatementPage,
                }),
              },
              {
                path: 'operator',
                lazy: async () => ({
                  Component: (await import('../features/operator/operator-page')).OperatorPage,
                }),
              },
              notBuilt('test', 'income'),
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
