import type { DefaultError, FetchInfiniteQueryOptions, FetchQueryOptions, GetNextPageParamFunction, QueryKey } from "@tanstack/react-query";

/**
 * What a route's loader gets (the `handle` of its <Route>, see ui/screens/public/routes.tsx): the route's params and
 * query, and a way to read a query into the page's cache with the same options (key and function) its screen uses.
 * The server runs the loader of the route a page matches before it renders the page (ui/entry-server.tsx), so the
 * page renders once, with every answer.
 */
export interface RouteData {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** Reads a query; answers its data, or undefined when the read failed (the screen then shows the failure). */
  read<T, K extends QueryKey>(options: FetchQueryOptions<T, DefaultError, T, K>): Promise<T | undefined>;
  /** Reads a paged list: as many pages as the address asks for when it is paged by address (ui/lib/morePages.ts), else the first. */
  readPages<T, K extends QueryKey, P>(
    options: FetchInfiniteQueryOptions<T, DefaultError, T, K, P> & { getNextPageParam: GetNextPageParamFunction<P, T> },
  ): Promise<void>;
}

/** The reads of a route, beyond those of every page (the signed-in user). */
export type RouteLoader = (data: RouteData) => Promise<unknown>;

/** What a route's <Route handle> carries. */
export interface RouteHandle {
  load: RouteLoader;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle => typeof (handle as RouteHandle | undefined)?.load === "function";
