import type Router from "@koa/router";
import type { Context } from "koa";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { MAX_ID } from "../lib/validate";
import { maxEventId, streamAdminEvents } from "../events/adminEventStream";
import type { Services } from "../services";

function lastEventIdOf(ctx: Context): number | null {
  const raw = ctx.get("last-event-id") || (typeof ctx.query.lastEventId === "string" ? ctx.query.lastEventId : "");
  // Beyond the largest id no row can be newer: read as no cursor (an out-of-range number failed on Postgres).
  return /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : null;
}

/**
 * GET /api/admin/events: server-sent events for the desktop app and admin screens.
 * New host applications and alias rate-limit warnings arrive within a second, from any app process
 * (Postgres LISTEN/NOTIFY; an in-process emitter on SQLite). A reconnecting client sends Last-Event-ID
 * (header, or ?lastEventId= where the header cannot be set) and gets the newer rows first.
 * The stream itself (what is sent when) is server/events/adminEventStream.ts.
 */
export function adminEventRoutes(router: Router, s: Services) {
  router.get("/admin/events", async (ctx) => {
    authorize(ctx.state.viewer, sitePolicy.adminNotices, null);
    const requested = lastEventIdOf(ctx);
    // Read the cursor before listening: anything committed in between is caught by the first read.
    const cursor = requested ?? (await maxEventId());

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.status = 200;
    ctx.type = "text/event-stream";
    ctx.set("Cache-Control", "no-cache, no-transform");
    ctx.set("Connection", "keep-alive");
    ctx.set("X-Accel-Buffering", "no");
    // Written straight to the socket: Koa's body piping would report every disconnect as an error.
    ctx.respond = false;
    streamAdminEvents(ctx.res, { knex: s.knex, cursor, replay: requested !== null, keepAliveMs: s.config.adminEventsKeepAliveMs, log: s.log });
  });
}
