/**
 * The server's way into the UI: renders a public page with the same components the browser hydrates
 * (server/web/ssr.ts loads this module and puts the result into index.html).
 *
 * What a page reads is found by rendering it: each render adds the queries its screens ask for to the cache,
 * the ones still waiting are fetched, and the page is rendered again until nothing waits (lazily loaded
 * screens included, since each render waits for them). That last render, which had every answer, is the page;
 * the cache's state goes to the browser, so hydration asks for nothing again.
 */
import { PassThrough } from "node:stream";
import { StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EmotionCache } from "@emotion/cache";
import { dehydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { createRoutesFromElements, matchRoutes, type RouteObject } from "react-router-dom";
import { App, appRoutes } from "./App";
import { createQueryClient } from "./api/queryClient";
import { ServerAddressGate } from "./components/ServerAddressGate";
import { rsvpKeys } from "./api/rsvps";
import { mailingListKeys } from "./api/mailingLists";
import { chapterKeys } from "./api/chapters";
import { authKeys, authQueries } from "./api/auth";
import { isRouteHandle, sitemapOf, type Answer, type RouteData } from "./lib/routeData";
import { ApiRequestError } from "./api/client";
import { isPagedByAddress, morePagesOf } from "./lib/morePages";
import { LazyShown } from "./lib/lazy";
import { postedFormKey } from "./lib/postedForm";
import { createEmotionCache } from "./lib/emotionCache";
import type { FormResult } from "../server/contracts/ssr";
import type { HeadSite, PageHead, SitemapEntry } from "../server/contracts/pageHead";

/** At most this many rounds of render-then-fetch (and a last render): a page whose queries depend on earlier answers needs two or three. */
const MAX_PASSES = 5;

/** What the request adds to the page beyond its URL. */
export interface RenderInputs {
  /** The result of a form posted without JavaScript (the mailing-list signup, sign-in), shown next to that form. */
  formResult?: FormResult | null;
  /**
   * The markup is final: the page starts by its islands, and the browser renders the rest of it no more. A read that
   * failed shows as failed (a chapter that is not there: Page not found), not as loading, which only the app would
   * read again in the browser.
   */
  final?: boolean;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache to hydrate. */
  state: DehydratedState;
  /** The lazily loaded components the page shows: the browser loads them before it hydrates. */
  lazy: string[];
  /** The `<style>` elements of the styles the markup uses, for <head> (none are inside the markup). */
  styles: string;
  /** How many times the page was rendered: 1 when its route's loader read everything the page asks for. */
  passes: number;
}

const tree = (client: QueryClient, location: string, styles: EmotionCache, shown: Set<string> | null = null) => (
  <StrictMode>
    <LazyShown.Provider value={shown}>
      <ServerAddressGate>
        <App queryClient={client} location={location} emotionCache={styles} />
      </ServerAddressGate>
    </LazyShown.Provider>
  </StrictMode>
);

async function drain(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  stream.setEncoding("utf8");
  for await (const chunk of stream) out += chunk as string;
  return out;
}

/**
 * Renders the page once, waiting for every lazily loaded screen; each screen on it registers the queries it reads.
 * Answers the markup and the errors met, which matter only when the render had every answer it asked for.
 */
function renderOnce(client: QueryClient, location: string, shown: Set<string>): Promise<{ html: string; styles: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const cache = createEmotionCache();
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree(client, location, cache, shown), {
      onAllReady() {
        const sink = new PassThrough();
        drain(sink).then((html) => resolve({ html, styles: headStyles(cache, html), errors }), reject);
        pipe(sink);
      },
      onShellError: reject,
      // Everything is ready before the first byte goes out: no boundary is sent apart with a script to reveal it
      // (the page's Content-Security-Policy allows no inline script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (err) => void errors.push(err),
    });
  });
}

/** Without JavaScript the map's placeholder (ui/components/map/ChapterMap.tsx) is hidden: its <noscript> note says why instead. */
const NOSCRIPT_STYLES = "<noscript><style>[data-map-placeholder]{display:none}</style></noscript>";

/** CSS inside a <style> element: nothing in it can close the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, "<\\/style");

/**
 * The styles `html` uses, as <style> elements for the head: each global style (Chakra's tokens, its reset) in an
 * element of its own, which the browser's <Global> takes over as it is (`data-emotion="css {name}"`), then every
 * class the markup names in one element, whose names the browser's cache reads, so it inserts none of them again
 * (what @emotion/server's extractCriticalToChunks does). Then the page's styles for browsers without JavaScript.
 */
function headStyles(cache: EmotionCache, html: string): string {
  const used = new Set(Array.from(html.matchAll(new RegExp(`\\b${cache.key}-([a-zA-Z0-9_-]+)`, "g")), (m) => m[1]));
  let globals = "";
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) globals += `<style data-emotion="${cache.key} ${id}">${styleText(rules)}</style>`;
    else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${ids.join(" ")}">${styleText(css)}</style>${NOSCRIPT_STYLES}`;
}

function waitingQueries(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll()
    .filter((q) => q.state.status === "pending" && q.state.fetchStatus === "idle" && (q.options as { enabled?: unknown }).enabled !== false);
}

/**
 * Reads a query the page waits for. A list paged by Load More (ui/lib/morePages.ts) is read for as many pages as the
 * address asks for (`?page=3`), so Load More works as a link without JavaScript.
 */
function fetchWaiting(client: QueryClient, query: Query, pages: number): Promise<unknown> {
  if (pages > 1 && isPagedByAddress(query.meta)) {
    return client.prefetchInfiniteQuery({ ...query.options, pages } as unknown as Parameters<QueryClient["prefetchInfiniteQuery"]>[0]);
  }
  return query.fetch().catch(() => undefined);
}

let routeTable: RouteObject[] | null = null;
/** The app's one route table (appRoutes()), as objects the router matches against. */
const routes = () => (routeTable ??= createRoutesFromElements(appRoutes()));

/** A page whose reads are done: its head, and the cache they are in, which renderPage renders from. */
export interface LoadedPage {
  /** The head its route's handle made from the answers (null: not a page with a head of its own; left to the browser). */
  head: PageHead | null;
  client: QueryClient;
  /** Whether its route hydrates only its islands for anonymous visitors (RouteHandle.islands). */
  islands: boolean;
  /** Whether its page is one person's, never kept (RouteHandle.personal). */
  personal: boolean;
}

const answerOf = <T,>(read: Promise<T>): Promise<Answer<T>> =>
  read.then(
    (data) => ({ status: 200 as const, data }),
    (err: unknown) => ({ status: err instanceof ApiRequestError ? err.status : 0 }),
  );

/** What a route's handle reads with: the page's cache (`pages`: how many pages of a list paged by address to read). */
const routeData = (client: QueryClient, params: RouteData["params"], search: URLSearchParams, pages: number): RouteData => ({
  params,
  search,
  read: (options) => client.fetchQuery(options).catch(() => undefined),
  answer: (options) => answerOf(client.fetchQuery(options)),
  readPages: (options) => client.prefetchInfiniteQuery({ ...options, pages: isPagedByAddress(options.meta) ? pages : 1 }),
});

/**
 * Reads what the page will ask for before it is rendered: the signed-in user (every page) and what the loader of
 * the route it matches states (ui/lib/routeData.ts), then makes the page's head from the loader's answers. A failed
 * read is kept as the screen would keep it: it shows it. A head that cannot be made (a read it needs failed
 * otherwise than 404) throws.
 */
async function loadRoute(
  client: QueryClient,
  location: string,
  pages: number,
): Promise<{
  head: (site: HeadSite) => PageHead | null;
  islands: boolean;
  personal: boolean;
}> {
  const url = new URL(location, "http://localhost");
  const match = matchRoutes(routes(), url.pathname)?.at(-1);
  const params = match?.params ?? {};
  const data = routeData(client, params, url.searchParams, pages);
  const handle: unknown = match?.route.handle;
  const [, answers] = await Promise.all([data.read(authQueries.currentUser()), isRouteHandle(handle) ? handle.load(data) : undefined]);
  return {
    head: (site) => (isRouteHandle(handle) && handle.head ? handle.head(answers, site, params) : null),
    islands: isRouteHandle(handle) && handle.islands === true,
    personal: isRouteHandle(handle) && handle.personal === true,
  };
}

/**
 * The sitemap's entries: the pages each route of the table lists (its handle's sitemap), in the table's order, read
 * through one cache (what several routes read is read once), without retries.
 */
export async function listSitemap(): Promise<SitemapEntry[]> {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return sitemapOf(routes(), routeData(client, {}, new URLSearchParams(), 1));
}

function seedFormResult(client: QueryClient, result: FormResult | null | undefined) {
  if (!result) return;
  if ("join" in result) client.setQueryData(mailingListKeys.joinResult(result.join.listId), result.join);
  else if ("rsvp" in result) client.setQueryData(rsvpKeys.formResult(result.rsvp.eventSlug, result.rsvp.date), result.rsvp);
  else if ("revive" in result) client.setQueryData(chapterKeys.reviveResult(result.revive.chapterId), result.revive);
  else if ("signIn" in result) client.setQueryData(authKeys.signInFormResult(), result.signIn);
  else client.setQueryData(postedFormKey(result.posted.form), result.posted);
}

/** A query cache for the page, filled by its route's loader; and how its head is made from the loader's answers. */
async function readRoute(location: string, inputs: RenderInputs) {
  const client = createQueryClient();
  seedFormResult(client, inputs.formResult);
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return { client, ...(await loadRoute(client, location, morePagesOf(location))) };
}

/**
 * Runs the loader of the page's route and makes its head, without rendering: the server writes the head, and
 * renders the page (renderPage) only when it has one. Also how the head is made with rendering off (SSR=false).
 */
export async function loadPage(location: string, site: HeadSite, inputs: RenderInputs = {}): Promise<LoadedPage> {
  const { client, head, islands, personal } = await readRoute(location, inputs);
  return { head: head(site), client, islands, personal };
}

/** Renders the page from what loadPage read (or reads it first, without its head). */
export async function renderPage(location: string, inputs: RenderInputs = {}, loaded?: LoadedPage): Promise<RenderedPage> {
  const client = loaded?.client ?? (await readRoute(location, inputs)).client;
  if (inputs.final) client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  const pages = morePagesOf(location);
  for (let passes = 1; ; passes++) {
    const shown = new Set<string>();
    const { html, styles, errors } = await renderOnce(client, location, shown);
    const waiting = waitingQueries(client);
    // A render that asked for nothing it lacked is the page: it is not rendered again.
    if (waiting.length === 0 || passes > MAX_PASSES) {
      for (const err of errors) console.error(`Rendering ${location} on the server:`, err);
      return { html, styles, state: dehydrate(client), lazy: [...shown], passes };
    }
    console.warn(`Rendering ${location} again: its route's loader missed ${waiting.map((q) => JSON.stringify(q.queryKey)).join(", ")}`);
    await Promise.all(waiting.map((q) => fetchWaiting(client, q, pages)));
  }
}
