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
import { dehydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { App } from "./App";
import { createQueryClient } from "./api/queryClient";
import { ServerAddressGate } from "./components/ServerAddressGate";
import { mailingListKeys } from "./api/mailingLists";
import { authKeys } from "./api/auth";
import { isPagedByAddress, morePagesOf } from "./lib/morePages";
import { LazyShown } from "./lib/lazy";
import type { FormResult } from "../server/contracts/ssr";

/** At most this many rounds of render-then-fetch (and a last render): a page whose queries depend on earlier answers needs two or three. */
const MAX_PASSES = 5;

/** What the request adds to the page beyond its URL. */
export interface RenderInputs {
  /** The result of a form posted without JavaScript (the mailing-list signup, sign-in), shown next to that form. */
  formResult?: FormResult | null;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache to hydrate. */
  state: DehydratedState;
  /** The lazily loaded components the page shows: the browser loads them before it hydrates. */
  lazy: string[];
}

const tree = (client: QueryClient, location: string, shown: Set<string> | null = null) => (
  <StrictMode>
    <LazyShown.Provider value={shown}>
      <ServerAddressGate>
        <App queryClient={client} location={location} />
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
function renderOnce(client: QueryClient, location: string, shown: Set<string>): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree(client, location, shown), {
      onAllReady() {
        const sink = new PassThrough();
        drain(sink).then((html) => resolve({ html, errors }), reject);
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

function seedFormResult(client: QueryClient, result: FormResult | null | undefined) {
  if (!result) return;
  if ("join" in result) client.setQueryData(mailingListKeys.joinResult(result.join.listId), result.join);
  else client.setQueryData(authKeys.signInFormResult(), result.signIn);
}

export async function renderPage(location: string, inputs: RenderInputs = {}): Promise<RenderedPage> {
  const client = createQueryClient();
  seedFormResult(client, inputs.formResult);
  const pages = morePagesOf(location);
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  for (let pass = 0; ; pass++) {
    const shown = new Set<string>();
    const { html, errors } = await renderOnce(client, location, shown);
    const waiting = waitingQueries(client);
    // A render that asked for nothing it lacked is the page: it is not rendered again.
    if (waiting.length === 0 || pass === MAX_PASSES) {
      for (const err of errors) console.error(`Rendering ${location} on the server:`, err);
      return { html, state: dehydrate(client), lazy: [...shown] };
    }
    await Promise.all(waiting.map((q) => fetchWaiting(client, q, pages)));
  }
}
