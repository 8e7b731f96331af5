import { withFeatureTexts } from '../lib/i18n/feature-texts';
import type { AppRoute } from './lazy-routes';
import { RedirectIfLoggedIn } from './guards/redirect-if-logged-in';
import { RequireAuth } from './guards/require-auth';

const homeRoute = {
  lazyComponent: async () =>
    (await withFeatureTexts(['home'], import('../features/landing/home-page'))).HomePage,
};

/** The marketplace shell: public pages, account screens and the manager-only pages. */
export function marketplaceRoutes(): AppRoute {
  return {
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
          (await withFeatureTexts(['catalog'], import('../features/catalog/subcategories-page')))
            .SubcategoriesPage,
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
              (await withFeatureTexts(['auth'], import('../features/auth/login-page'))).LoginPage,
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
          (await withFeatureTexts(['auth'], import('../features/auth/password-recovery-page')))
            .PasswordRecoveryPage,
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
              (await withFeatureTexts(['profile'], import('../features/profile/profile-page')))
                .ProfilePage,
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
              (await withFeatureTexts(['cart'], import('../features/cart/cart-page'))).CartPage,
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
              (await withFeatureTexts(['disputes'], import('../features/disputes/disputes-page')))
                .DisputesPage,
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
  };
}
