import fs from "node:fs";
import path from "node:path";
import type { Context } from "koa";
import type { IndexPage, IndexPageFor } from "../lib/staticUi";
import type { LoadedPage } from "../../ui/entry-server";
import { isLiveSession, SESSION_COOKIE } from "../auth/session";
import { escapeHtml, headTags, insertAt, scriptJson, withHead } from "./head";
import { loadPublicPage, renderPublicPage } from "./ssr";
import { ISLANDS_ATTRIBUTE, ISLANDS_MANIFEST, PAGE_QUERY_PARAMS, SSR_LAZY_ATTRIBUTE, SSR_STATE_ID, type FormResult } from "../contracts/ssr";
import { readFormResult } from "./formResult";
import type { PageCache } from "./pageCache";
import { COLOR_MODE_COOKIE, colorModeOf } from "../contracts/colorMode";
import { newPlacePage, notFoundLocation, searchedPlace, searchedType, type PlaceSearch } from "./placePage";
import { FINDER_TYPE_PARAM } from "../contracts/place";

export interface IndexPageOptions {
  publicUrl: string;
  /** What session tokens are signed with: a signed-in render is only for a live session. */
  sessionSecret: string;
  /** Render public pages on the server (off in tests of the head alone, and by SSR=false). */
  render: boolean;
  /** Pages kept for anonymous visitors (none: every page is rendered for its request). */
  cache?: PageCache | null;
  /**
   * The script that starts a page by its islands (ui/islands/entry.ts, e.g. /assets/entry-abc123.js; null: the UI
   * was built without it, and every page starts the app).
   */
  islandsScript?: string | null;
  /** The home page's place search (none: every place searched for is rendered and kept as any page is). */
  places?: PlaceSearch | null;
}

/** Where the islands' build (scripts/build-ui.ts) wrote the islands' entry, from its manifest; null without one. */
export function islandsEntryOf(uiDir: string): string | null {
  const manifest = path.join(uiDir, ISLANDS_MANIFEST);
  if (!fs.existsSync(manifest)) return null;
  const chunks = Object.values(JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, { file: string; isEntry?: boolean }>);
  const entry = chunks.find((c) => c.isEntry);
  return entry ? `/${entry.file}` : null;
}

/** The app's start-up script in index.html, as Vite writes it. */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * index.html for a page that starts by its islands: the islands' entry in place of the app's, and #root naming the
 * app's entry, which the islands' entry loads on a platform that cannot start so (ui/islands/entry.ts).
 */
function withIslands(html: string, islandsScript: string): string {
  const app = APP_SCRIPT.exec(html);
  if (!app) return html;
  const started = insertAt(html, app[0], `<script type="module" crossorigin src="${escapeHtml(islandsScript)}"></script>`);
  return insertAt(started, '<div id="root">', `<div id="root" ${ISLANDS_ATTRIBUTE}="${escapeHtml(app[1])}">`);
}

interface Visitor {
  /** The path and the query parameters public pages read (PAGE_QUERY_PARAMS): what the page is rendered for. */
  location: string;
  /** The session token of a live session; null for anonymous visitors, and for a made-up or ended session. */
  token: string | null;
  /** The answer of a form posted without JavaScript that returned to this page (shown once, next to the form). */
  formResult: FormResult | null;
}

/**
 * The URL a page is rendered for and kept under: its path and the query parameters public pages read, in a set
 * order. Others (`?utm_source=x`, `?r=1`) change nothing on the page, so they neither render it again nor take
 * a place in the page cache. The place searched for and its chapter type are the home page's alone, the place
 * spelled as placeQuery spells it (its spellings are one page), the type one of the finder's (or none: every type).
 */
function pageLocation(ctx: Context): string {
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) {
    const search = name === "place" ? searchedPlace(ctx) : name === FINDER_TYPE_PARAM ? searchedType(ctx) : null;
    const value = search ?? ctx.query[name];
    // An empty search is none (the finder's form sends `type=` for every type).
    if (typeof value === "string" && (value || search === null)) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${ctx.path}?${query}` : ctx.path;
}

/** Who a page is read and rendered for (see RenderScope in ssr.ts). */
const scopeOf = (ctx: Context, visitor: Visitor, publicUrl: string) => ({
  // Absolute links in the page (calendar feeds, JSON-LD) are made from PUBLIC_URL, never from the request's Host header.
  origin: publicUrl,
  app: ctx.app,
  token: visitor.token,
  requestId: ctx.state.requestId as string | undefined,
});

/** The page rendered into index.html, or index.html for the browser to render when rendering fails (rendered: false). */
async function rendered(
  ctx: Context,
  indexHtml: string,
  visitor: Visitor,
  publicUrl: string,
  loaded: LoadedPage,
  islandsScript: string | null,
): Promise<{ html: string; rendered: boolean }> {
  // An anonymous visitor's page that starts by its islands; a signed-in visitor's starts the app (their header, their tools).
  const islands = loaded.islands && !visitor.token && islandsScript !== null;
  try {
    const page = await renderPublicPage(visitor.location, scopeOf(ctx, visitor, publicUrl), { formResult: visitor.formResult, final: islands }, loaded);
    // Chakra's styles go to the head, before the first element that uses them.
    const styled = insertAt(indexHtml, "</head>", `${page.styles}\n  </head>`);
    const html = insertAt(
      styled,
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script id="${SSR_STATE_ID}" type="application/json" ${SSR_LAZY_ATTRIBUTE}="${escapeHtml(page.lazy.join(" "))}">${scriptJson(page.state)}</script>`,
    );
    return { html: islands ? withIslands(html, islandsScript) : html, rendered: true };
  } catch (err) {
    // The page still works: the browser renders it, as it does every screen of the admin areas.
    ctx.state.log.error({ err, path: ctx.path }, "server rendering failed");
    return { html: indexHtml, rendered: false };
  }
}

/**
 * index.html for a public page: its head (title, description, previews, JSON-LD), its status (404 for a chapter
 * or page that does not exist) and, when rendering is on, the page itself with the data it read. Other paths
 * (account screens, admin areas) get the generic index.html that the browser renders.
 */
export function indexPageFor(opts: IndexPageOptions): IndexPageFor {
  const make = async (ctx: Context, indexHtml: string, visitor: Visitor) => {
    // The route's loader reads what the page shows, and its handle makes the head from those answers (also with
    // rendering off: the head is the same either way).
    let loaded;
    try {
      loaded = await loadPublicPage(visitor.location, scopeOf(ctx, visitor, opts.publicUrl), { formResult: visitor.formResult });
    } catch (err) {
      ctx.state.log.error({ err, path: ctx.path }, "page head could not be read");
      return null;
    }
    const head = loaded.head;
    if (!head) return null;
    const withTags = withHead(indexHtml, headTags(head, opts.publicUrl));
    const page = opts.render ? await rendered(ctx, withTags, visitor, opts.publicUrl, loaded, opts.islandsScript ?? null) : { html: withTags, rendered: false };
    return { ...page, status: head.status ?? 200, personal: loaded.personal };
  };
  return async (ctx, indexHtml): Promise<IndexPage | null> => {
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    const visitor: Visitor = {
      location: pageLocation(ctx),
      // A cookie that names no live session renders the anonymous page, kept: made-up cookies do not bypass it.
      token: cookie && opts.render && (await isLiveSession(cookie, opts.sessionSecret)) ? cookie : null,
      formResult: opts.render ? readFormResult(ctx) : null,
    };
    // Anonymous visitors all get the same page: kept (see pageCache.ts). Others get their own.
    if (!opts.cache || !opts.render || visitor.token || visitor.formResult) return make(ctx, indexHtml, visitor);
    // index.html comes with the reader's colour mode on <html> (lib/staticUi.ts): one kept page per mode.
    const mode = colorModeOf(ctx.cookies.get(COLOR_MODE_COOKIE));
    const cache = opts.cache;
    const kept = (location: string) =>
      cache.page(`${mode} ${location}`, async () => {
        const page = await make(ctx, indexHtml, { ...visitor, location });
        // Not a public page (status 0): the generic index.html, nothing kept.
        // A page of one person (RouteHandle.personal) is rendered for each request, never kept.
        return page ? { html: page.html, status: page.status, keep: page.rendered && !page.personal } : { html: "", status: 0, keep: false };
      });
    // A place searched for whose page is not kept: found by the geocoder before anything is rendered (placePage.ts).
    const place = opts.places ? searchedPlace(ctx) : "";
    if (opts.places && place && !cache.has(`${mode} ${visitor.location}`)) {
      const answer = await newPlacePage(ctx, opts.places, place, indexHtml, () => kept(notFoundLocation(searchedType(ctx))));
      if (answer) return answer;
    }
    const page = await kept(visitor.location);
    return page.status === 0 ? null : page;
  };
}
