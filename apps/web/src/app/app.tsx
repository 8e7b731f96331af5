import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';
import { toRouteObjects } from './lazy-routes';
import { AppProviders } from './providers';
import { createRoutes } from './router';

export function App() {
  // One client for the pages and for the routes' prefetches, which ask for a page's data early.
  const [queryClient] = useState(createQueryClient);
  const [routes] = useState(() => toRouteObjects(createRoutes(queryClient)));
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
