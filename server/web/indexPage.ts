import type { Context } from "koa";
import type { IndexPageFor } from "../lib/staticUi";
import { SESSION_COOKIE } from "../auth/session";
import { headTags, scriptJson, withHead } from "./head";
import { pageHead } from "./pageHeads";
import { renderPublicPage } from "./ssr";
import { SSR_STATE_ID } from "../contracts/ssr";
import { readJoinResult } from "./joinList";


export interface IndexPageOptions {
  publicUrl: string;
  /** Render public pages on the server (off in tests of the head alone, and by SSR=false). */
  render: boolean;
  log: (msg: string, err?: unknown) => void;
}

async function rendered(ctx: Context, indexHtml: string, log: IndexPageOptions["log"]): Promise<string> {
  const port = ctx.req.socket.localPort;
  try {
    const page = await renderPublicPage(ctx.url, {
      origin: `${ctx.protocol}://${ctx.host}`,
      loopback: `http://127.0.0.1:${port}`,
      token: ctx.cookies.get(SESSION_COOKIE) ?? null,
    }, { joinResult: readJoinResult(ctx) });
    return indexHtml.replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script id="${SSR_STATE_ID}" type="application/json">${scriptJson(page.state)}</script>`,
    );
  } catch (err) {
    // The page still works: the browser renders it, as it does every screen of the admin areas.
    log(`server rendering of ${ctx.path} failed`, err);
    return indexHtml;
  }
}

/**
 * index.html for a public page: its head (title, description, previews, JSON-LD), its status (404 for a chapter
 * or page that does not exist) and, when rendering is on, the page itself with the data it read. Other paths
 * (account screens, admin areas) get the generic index.html that the browser renders.
 */
export function indexPageFor(opts: IndexPageOptions): IndexPageFor {
  return async (ctx, indexHtml) => {
    let head;
    try {
      head = await pageHead(ctx.path, opts.publicUrl);
    } catch (err) {
      opts.log(`page head of ${ctx.path} could not be read`, err);
      return null;
    }
    if (!head) return null;
    const withTags = withHead(indexHtml, headTags(head, opts.publicUrl));
    return { html: opts.render ? await rendered(ctx, withTags, opts.log) : withTags, status: head.status ?? 200 };
  };
}
