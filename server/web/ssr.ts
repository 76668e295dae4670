import { AsyncLocalStorage } from "node:async_hooks";
import type { Platform } from "../../ui/platform/types";
import type { RenderedPage, RenderInputs } from "../../ui/entry-server";

/** The visitor a page is being rendered for: where the API answers (this server, over loopback) and their session. */
interface RenderScope {
  /** The origin the visitor sees (what window.location.origin is in their browser). */
  origin: string;
  /** This server on loopback, e.g. http://127.0.0.1:3000. */
  loopback: string;
  /** The visitor's session token (the session cookie), so signed-in visitors see their own header. */
  token: string | null;
}

const scope = new AsyncLocalStorage<RenderScope>();

/**
 * The platform the UI sees while the server renders it: the browser's, except that API calls go to this
 * server over loopback, signed with the visitor's session.
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
    return fetch(current.loopback + url.slice(current.origin.length), init);
  },
};

let renderer: Promise<typeof import("../../ui/entry-server").renderPage> | null = null;

/** Loads the UI into the server once, on the first page rendered (API-only processes and tests never load React). */
function loadRenderer() {
  renderer ??= (async () => {
    globalThis.chapterhouseServerPlatform = serverPlatform;
    const { renderPage } = await import("../../ui/entry-server");
    return renderPage;
  })();
  return renderer;
}

export async function renderPublicPage(location: string, visitor: RenderScope, inputs: RenderInputs = {}): Promise<RenderedPage> {
  const render = await loadRenderer();
  return scope.run(visitor, () => render(location, inputs));
}

/**
 * Loads the renderer and renders the home page once, in the background, so the first visitor of a new process
 * does not wait for the UI's modules to load (seconds on a small machine). Failures only cost that head start.
 */
export async function warmUpRenderer(port: number): Promise<void> {
  const origin = `http://127.0.0.1:${port}`;
  await renderPublicPage("/", { origin, loopback: origin, token: null }).catch(() => undefined);
}
