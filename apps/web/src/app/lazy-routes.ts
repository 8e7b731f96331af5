import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { getSession } from '../lib/session-store';
import { trackPageLoad } from './page-loads';

/**
 * A route of the app's table, in React Router's route-object shape (rendered by its
 * declarative `useRoutes`: the data router's code stays out of the first load).
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  element?: ReactNode;
  /** The route's component from its own chunk (with the texts it needs). */
  lazyComponent?: () => Promise<ComponentType>;
  /** Asks for the page's first data while its code loads; never waited for. */
  prefetch?: () => unknown;
  children?: AppRoute[];
}

export interface RouteHandle {
  /** Starts loading the route's code, and its data when there is a session. */
  start(): void;
}

function toRouteObject(route: AppRoute): RouteObject {
  const { lazyComponent, prefetch, children, ...rest } = route;
  // Asked for once; a chunk that fails to load shows the error page, which offers a reload.
  let loading: Promise<ComponentType> | undefined;
  const load = (from: () => Promise<ComponentType>) => (loading ??= trackPageLoad(from()));
  const handle: RouteHandle = {
    start() {
      if (lazyComponent) load(lazyComponent).catch(() => {}); // the lazy component throws it
      // Nothing is asked without a session: RequireAuth sends the visitor away.
      if (prefetch && getSession()) void prefetch();
    },
  };
  const object = {
    ...rest,
    handle,
    children: children?.map(toRouteObject),
  } as RouteObject;
  if (lazyComponent) {
    object.Component = lazy(async () => ({ default: await load(lazyComponent) }));
  }
  return object;
}

/** The app's route table as React Router route objects. */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map(toRouteObject);
}
