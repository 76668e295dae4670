import type { Context } from "koa";
import type { IndexPage, IndexPageFor } from "../lib/staticUi";
import { SESSION_COOKIE } from "../auth/session";
import { escapeHtml, headTags, scriptJson, withHead } from "./head";
import { pageHead } from "./pageHeads";
import { renderPublicPage } from "./ssr";
import { SSR_LAZY_ATTRIBUTE, SSR_STATE_ID } from "../contracts/ssr";
import { readJoinResult } from "./joinList";
import type { PageCache } from "./pageCache";
import { COLOR_MODE_COOKIE, colorModeOf } from "../contracts/colorMode";

export interface IndexPageOptions {
  publicUrl: string;
  /** Render public pages on the server (off in tests of the head alone, and by SSR=false). */
  render: boolean;
  /** Pages kept for anonymous visitors (none: every page is rendered for its request). */
  cache?: PageCache | null;
}

interface Visitor {
  token: string | null;
  joinResult: ReturnType<typeof readJoinResult>;
}

/** The page rendered into index.html, or index.html for the browser to render when rendering fails (rendered: false). */
async function rendered(ctx: Context, indexHtml: string, visitor: Visitor): Promise<{ html: string; rendered: boolean }> {
  const port = ctx.req.socket.localPort;
  try {
    const page = await renderPublicPage(
      ctx.url,
      { origin: `${ctx.protocol}://${ctx.host}`, loopback: `http://127.0.0.1:${port}`, token: visitor.token },
      { joinResult: visitor.joinResult },
    );
    return {
      html: indexHtml.replace(
        '<div id="root"></div>',
        `<div id="root">${page.html}</div><script id="${SSR_STATE_ID}" type="application/json" ${SSR_LAZY_ATTRIBUTE}="${escapeHtml(page.lazy.join(" "))}">${scriptJson(page.state)}</script>`,
      ),
      rendered: true,
    };
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
    let head;
    try {
      head = await pageHead(ctx.path, opts.publicUrl);
    } catch (err) {
      ctx.state.log.error({ err, path: ctx.path }, "page head could not be read");
      return null;
    }
    if (!head) return null;
    const withTags = withHead(indexHtml, headTags(head, opts.publicUrl));
    const page = opts.render ? await rendered(ctx, withTags, visitor) : { html: withTags, rendered: false };
    return { ...page, status: head.status ?? 200 };
  };
  return async (ctx, indexHtml): Promise<IndexPage | null> => {
    const visitor: Visitor = { token: ctx.cookies.get(SESSION_COOKIE) ?? null, joinResult: opts.render ? readJoinResult(ctx) : null };
    // Anonymous visitors all get the same page: kept (see pageCache.ts). Others get their own.
    if (!opts.cache || !opts.render || visitor.token || visitor.joinResult) return make(ctx, indexHtml, visitor);
    // index.html comes with the reader's colour mode on <html> (lib/staticUi.ts): one kept page per mode.
    const mode = colorModeOf(ctx.cookies.get(COLOR_MODE_COOKIE));
    const kept = await opts.cache.page(`${mode} ${ctx.protocol}://${ctx.host}${ctx.url}`, async () => {
      const page = await make(ctx, indexHtml, visitor);
      // Not a public page (status 0): the generic index.html, nothing kept.
      return page ? { html: page.html, status: page.status, keep: page.rendered } : { html: "", status: 0, keep: false };
    });
    return kept.status === 0 ? null : kept;
  };
}
