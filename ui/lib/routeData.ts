import type { HeadSite, PageHead, SitemapEntry } from "../../server/contracts/pageHead";
import type { RouteObject } from "react-router-dom";
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
  /** Reads a query as read does, answering its data with the HTTP status, which a head needs (404: nothing there). */
  answer<T, K extends QueryKey>(options: FetchQueryOptions<T, DefaultError, T, K>): Promise<Answer<T>>;
  /** Reads a paged list: as many pages as the address asks for when it is paged by address (ui/lib/morePages.ts), else the first. */
  readPages<T, K extends QueryKey, P>(
    options: FetchInfiniteQueryOptions<T, DefaultError, T, K, P> & { getNextPageParam: GetNextPageParamFunction<P, T> },
  ): Promise<void>;
}

/** What a read answered: its data, or the HTTP status of its failure (0 when no answer came). */
export type Answer<T> = { status: 200; data: T } | { status: number; data?: undefined };

/**
 * The data of an answer for a head: null when there is nothing there (404). Any other failure throws, and the page
 * goes out with the generic head, as when the server cannot read the page.
 */
export function found<T>(answer: Answer<T>): T | null {
  if (answer.status === 200) return answer.data as T;
  if (answer.status === 404) return null;
  throw new Error(`The page's read failed (${answer.status || "no answer"})`);
}

/**
 * The data of an answer a list is made of (a sitemap's): any failure throws, so a read that failed never leaves
 * pages out of the list.
 */
export function listed<T>(answer: Answer<T>): T {
  if (answer.status === 200) return answer.data as T;
  throw new Error(`The list's read failed (${answer.status || "no answer"})`);
}

/** The reads of a route, beyond those of every page (the signed-in user); answers what its head is made from. */
export type RouteLoader<A = unknown> = (data: RouteData) => Promise<A>;

/**
 * What a public route's <Route handle> carries: its loader and, for a page with a head of its own (title,
 * description, previews, JSON-LD, status), how that head is made from what the loader answered (null: the generic
 * head, and the page is left to the browser). The server runs both before it renders the page
 * (ui/entry-server.tsx), and writes the head even when it does not render (SSR=false).
 */
export interface RouteHandle<A = unknown> {
  load: RouteLoader<A>;
  /**
   * A page an anonymous visitor reads more than uses: the browser hydrates only its islands (ui/islands/Island.tsx)
   * for them, and the app loads when they go further. Signed-in visitors get the app on every page.
   */
  islands?: boolean;
  /**
   * A page whose address only one person has (a password reset link's): rendered for each request, never kept for
   * the anonymous visitors who share pages (server/web/pageCache.ts).
   */
  personal?: boolean;
  head?(answers: A, site: HeadSite, params: Readonly<Record<string, string | undefined>>): PageHead | null;
  /**
   * The pages of the route the sitemap lists, read as the loader reads (no params: the route's own path for a fixed
   * route, every page there is for one with params) with the date each last changed. None: the route lists none.
   */
  sitemap?(data: RouteData): Promise<SitemapEntry[]>;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle => typeof (handle as RouteHandle | undefined)?.load === "function";

/** The sitemap: the pages each route of the table states (its handle's sitemap), in the table's order. */
export async function sitemapOf(routes: RouteObject[], data: RouteData): Promise<SitemapEntry[]> {
  const lists: Promise<SitemapEntry[]>[] = [];
  const walk = (level: RouteObject[]) => {
    for (const route of level) {
      if (isRouteHandle(route.handle) && route.handle.sitemap) lists.push(route.handle.sitemap(data));
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return (await Promise.all(lists)).flat();
}
