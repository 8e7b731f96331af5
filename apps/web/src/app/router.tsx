import type { QueryClient } from '@tanstack/react-query';
import type { AppRoute } from './lazy-routes';
import { dashboardRoutes } from './dashboard-routes';
import { RootRedirect } from './guards/root-redirect';
import { marketplaceRoutes } from './marketplace-routes';
import { RootLayout } from './root-layout';

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

        marketplaceRoutes(),

        dashboardRoutes(queryClient),
      ],
    },
  ];
}
