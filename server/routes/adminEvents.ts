import type Router from "@koa/router";
import type { Context } from "koa";
import { AdminEvent } from "../models/AdminEvent";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { adminEventHub } from "../events/adminEventHub";
import { presentAdminNotice } from "../presenters/adminEvent";
import type { Services } from "../services";

/** At most this many missed events are replayed to a client that reconnects with Last-Event-ID. */
export const REPLAY_LIMIT = 100;
const BATCH = 100;

function lastEventIdOf(ctx: Context): number | null {
  const raw = ctx.get("last-event-id") || (typeof ctx.query.lastEventId === "string" ? ctx.query.lastEventId : "");
  return /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

async function maxEventId(): Promise<number> {
  const row = (await AdminEvent.query().max("id as max").first()) as unknown as { max: number | string | null } | undefined;
  return Number(row?.max ?? 0);
}

/** One SSE frame: `event: notice`, `id: <admin_events.id>`, `data: {id,type,title,body,path}`. */
export function noticeFrame(event: AdminEvent): string {
  return `event: notice\nid: ${event.id}\ndata: ${JSON.stringify(presentAdminNotice(event))}\n\n`;
}

/**
 * GET /api/admin/events: server-sent events for the desktop app and admin screens.
 * New host applications and alias rate-limit warnings arrive within a second, from any app process
 * (Postgres LISTEN/NOTIFY; an in-process emitter on SQLite). A reconnecting client sends Last-Event-ID
 * (header, or ?lastEventId= where the header cannot be set) and gets the newer rows first.
 * A comment line keeps idle connections open through proxies.
 */
export function adminEventRoutes(router: Router, s: Services) {
  router.get("/admin/events", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.adminNotices, null);
    const requested = lastEventIdOf(ctx);
    // Read the cursor before listening: anything committed in between is caught by the first read.
    let cursor = requested ?? (await maxEventId());

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
    const res = ctx.res;
    res.write(`retry: 3000\n: connected\n\n`);

    let closed = false;
    let running = false;
    let again = false;
    let first = requested !== null;

    const write = (chunk: string) => {
      if (!closed && !res.writableEnded) res.write(chunk);
    };

    /** Sends every row newer than the cursor, in order; wake-ups while running are coalesced. */
    const pump = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (;;) {
            if (closed) return;
            let rows: AdminEvent[];
            if (first) {
              // A reconnecting client gets at most the newest REPLAY_LIMIT missed events.
              first = false;
              rows = (await AdminEvent.query().where("id", ">", cursor).orderBy("id", "desc").limit(REPLAY_LIMIT)).reverse();
            } else {
              rows = await AdminEvent.query().where("id", ">", cursor).orderBy("id", "asc").limit(BATCH);
            }
            for (const row of rows) {
              write(noticeFrame(row));
              cursor = Math.max(cursor, row.id);
            }
            if (rows.length < BATCH) break;
          }
        } while (again && !closed);
      } catch (err) {
        if (!closed) console.error("admin events: reading events failed", err);
      } finally {
        running = false;
      }
    };

    const keepAlive = setInterval(() => write(`: keep-alive ${Date.now()}\n\n`), s.config.adminEventsKeepAliveMs);
    let unsubscribe: (() => void) | null = null;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      unsubscribe?.();
      if (!res.writableEnded) res.end();
    };
    ctx.req.on("close", close);
    res.on("close", close);
    res.on("error", close);

    void adminEventHub(s.knex)
      .subscribe(() => void pump())
      .then((unsub) => {
        if (closed) unsub();
        else {
          unsubscribe = unsub;
          void pump();
        }
      });
  });
}
