import { type ComponentType, createElement, lazy, type ReactNode, useState } from 'react';
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
  /** Whether the route's code is in (always, for a route without lazy code). */
  isLoaded(): boolean;
  /** Settles once the route's code is in. */
  ready(): Promise<unknown>;
}

function toRouteObject(route: AppRoute): RouteObject {
  const { lazyComponent, prefetch, children, ...rest } = route;
  // Asked for once; a chunk that fails to load shows the error page, which offers a reload.
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const load = (from: () => Promise<ComponentType>) =>
    (loading ??= trackPageLoad(from()).then((component) => (loaded = component)));
  const handle: RouteHandle = {
    start() {
      if (lazyComponent) load(lazyComponent).catch(() => {}); // the lazy component throws it
      // Nothing is asked without a session: RequireAuth sends the visitor away.
      if (prefetch && getSession()) void prefetch();
    },
    isLoaded: () => !lazyComponent || loaded !== undefined,
    ready: () => (lazyComponent ? load(lazyComponent) : Promise.resolve()),
  };
  const object = {
    ...rest,
    handle,
    children: children?.map(toRouteObject),
  } as RouteObject;
  if (lazyComponent) {
    const Lazy = lazy(async () => ({ default: await load(lazyComponent) }));
    // Code already in renders at once, like any component; otherwise the route suspends
    // until it is (the navigation's transition keeps the previous page meanwhile). Chosen
    // once per mount, so a page is never mounted again when its parent renders.
    object.Component = function LazyRoute() {
      const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
      return createElement(Component);
    };
  }
  return object;
}

/** The app's route table as React Router route objects. */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map(toRouteObject);
}
