import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestListener } from "node:http";
import type Koa from "koa";
import inject from "light-my-request";
import type { Platform } from "../../ui/platform/types";
import type { LoadedPage, RenderedPage, RenderInputs } from "../../ui/entry-server";
import type { SitemapEntry } from "../contracts/pageHead";

/** The visitor a page is being rendered for: the app that answers the page's API reads, and their session. */
interface RenderScope {
  /** The origin the visitor sees (what window.location.origin is in their browser). */
  origin: string;
  /** The app rendering the page: it answers the page's reads in this process (see readInProcess). */
  app: Koa;
  /** The visitor's session token (the session cookie), so signed-in visitors see their own header. */
  token: string | null;
  /** The page request's id: the reads made for the page log under it. */
  requestId?: string;
}

const scope = new AsyncLocalStorage<RenderScope>();

const handlers = new WeakMap<Koa, RequestListener>();

/**
 * Answers an API read made while a page renders, by the app itself, in this process: the request goes through
 * the app's middleware and routes like any other (the same session check, presenters and answers, its own line
 * in the request log under the page's request id) with no socket, port or HTTP client between them.
 */
async function readInProcess(current: RenderScope, path: string, init: RequestInit = {}): Promise<Response> {
  if (init.body != null && typeof init.body !== "string") throw new Error("A page read in process carries a text body or none");
  let handler = handlers.get(current.app);
  if (!handler) handlers.set(current.app, (handler = current.app.callback()));
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  if (current.requestId) headers["x-request-id"] = current.requestId;
  const method = (init.method ?? "GET").toUpperCase() as "GET" | "HEAD" | "POST";
  const answer = await inject(handler, {
    method,
    url: path,
    headers,
    payload: init.body ?? undefined,
    remoteAddress: "127.0.0.1",
    signal: init.signal ?? undefined,
  });
  const out = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
  }
  const empty = method === "HEAD" || answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: out });
}

/**
 * The platform the UI sees while the server renders it: the browser's, except that API calls are answered by
 * this app in this process (readInProcess), signed with the visitor's session.
 */
const serverPlatform: Platform = {
  apiBase: () => scope.getStore()?.origin ?? "",
  hasServerAddress: () => true,
  setServerAddress: async () => ({ error: "The web site always talks to its own server." }),
  getToken: async () => scope.getStore()?.token ?? null,
  setToken: async () => {},
  usesBearer: false,
  openExternal: () => {},
  onAdminNotice: () => () => {},
  onNavigate: () => () => {},
  fetch: (input, init) => {
    const current = scope.getStore();
    const url = String(input);
    if (!current || !url.startsWith(current.origin + "/")) return Promise.reject(new Error(`The server renders pages from itself only, not ${url}`));
    return readInProcess(current, url.slice(current.origin.length), init);
  },
};

let renderer: Promise<typeof import("../../ui/entry-server")> | null = null;

/** Loads the UI into the server once, on the first page read (API-only processes and tests of the API never load React). */
function loadRenderer() {
  renderer ??= (async () => {
    globalThis.chapterhouseServerPlatform = serverPlatform;
    return import("../../ui/entry-server");
  })();
  return renderer;
}

/**
 * Runs the loader of the page's route (its reads answered in this process, for the visitor) and makes the page's
 * head from its answers: null for a path that is not a public page. Rendering is left to renderPublicPage.
 */
export async function loadPublicPage(location: string, visitor: RenderScope, inputs: RenderInputs = {}): Promise<LoadedPage> {
  const { loadPage } = await loadRenderer();
  return scope.run(visitor, () => loadPage(location, { publicUrl: visitor.origin }, inputs));
}

/** Renders the page, from what loadPublicPage read for it when given, else reading it first. */
export async function renderPublicPage(location: string, visitor: RenderScope, inputs: RenderInputs = {}, loaded?: LoadedPage): Promise<RenderedPage> {
  const { renderPage } = await loadRenderer();
  return scope.run(visitor, () => renderPage(location, inputs, loaded));
}

/**
 * The sitemap's entries, as the public route table's handles list them (their reads answered in this process, for
 * an anonymous visitor: what the public may read). With rendering off too: the UI is loaded for heads either way.
 */
export async function readSitemap(visitor: RenderScope): Promise<SitemapEntry[]> {
  const { listSitemap } = await loadRenderer();
  return scope.run(visitor, () => listSitemap());
}

/**
 * Loads the renderer and renders the home page once, so the first visitor of a new process does not wait for the
 * UI's modules to load (seconds on a small machine). Failures only cost that head start.
 */
export async function warmUpRenderer(app: Koa): Promise<void> {
  await renderPublicPage("/", { origin: "http://localhost", app, token: null }).catch(() => undefined);
}
