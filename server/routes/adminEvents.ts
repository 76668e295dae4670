import type Router from "@koa/router";
import type { Context } from "koa";
import { AdminEvent } from "../models/AdminEvent";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { MAX_ID } from "../lib/validate";
import { writeLog } from "../lib/log";
import { adminEventHub } from "../events/adminEventHub";
import { presentAdminNotice } from "../presenters/adminEvent";
import type { Services } from "../services";

/** At most this many missed events are replayed to a client that reconnects with Last-Event-ID. */
export const REPLAY_LIMIT = 100;
const BATCH = 100;
/**
 * How long a missing id below delivered ones is waited for before it is taken for a rolled-back insert.
 * Longer than any transaction that publishes an event.
 */
export const HOLE_WAIT_MS = 10_000;

function lastEventIdOf(ctx: Context): number | null {
  const raw = ctx.get("last-event-id") || (typeof ctx.query.lastEventId === "string" ? ctx.query.lastEventId : "");
  // Beyond the largest id no row can be newer: read as no cursor (an out-of-range number failed on Postgres).
  return /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : null;
}

async function maxEventId(): Promise<number> {
  const row = (await AdminEvent.query().max("id as max").first()) as unknown as { max: number | string | null } | undefined;
  return Number(row?.max ?? 0);
}

/** Open streams of this process, ended on shutdown so the server can close (clients reconnect elsewhere). */
const openStreams = new Set<() => void>();

/** Ends every open admin event stream; their clients reconnect (with Last-Event-ID) to a running process. */
export function closeAdminEventStreams(): void {
  for (const close of [...openStreams]) close();
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
    const res = ctx.res;
    res.write(`retry: 3000\n: connected\n\n`);

    let closed = false;
    let running = false;
    let again = false;
    let first = requested !== null;
    // Ids are taken at insert but become visible at commit, so a row can appear after a higher one.
    // `floor`: every id at or below it was sent (or given up on); `sent`: ids above it already sent.
    let floor = cursor;
    const sent = new Set<number>();
    let holeSince: number | null = null;
    let recheck: NodeJS.Timeout | null = null;

    const write = (chunk: string) => {
      if (!closed && !res.writableEnded) res.write(chunk);
    };

    /** Moves the floor over sent ids; a hole below sent ids is waited for, then skipped (a rolled-back insert). */
    const settle = () => {
      for (;;) {
        while (sent.has(floor + 1)) {
          sent.delete(floor + 1);
          floor += 1;
        }
        if (sent.size === 0) {
          holeSince = null;
          return;
        }
        const now = Date.now();
        holeSince ??= now;
        if (now - holeSince < HOLE_WAIT_MS) {
          if (!recheck) {
            recheck = setTimeout(() => {
              recheck = null;
              void pump();
            }, holeSince + HOLE_WAIT_MS - now);
            recheck.unref();
          }
          return;
        }
        floor = Math.min(...sent) - 1;
        holeSince = null;
      }
    };

    /** Sends every committed row not sent yet, in id order; wake-ups while running are coalesced. */
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
              rows = (await AdminEvent.query().where("id", ">", floor).orderBy("id", "desc").limit(REPLAY_LIMIT)).reverse();
              if (rows.length === REPLAY_LIMIT) floor = rows[0].id - 1;
            } else {
              rows = await AdminEvent.query().where("id", ">", floor).whereNotIn("id", [...sent]).orderBy("id", "asc").limit(BATCH);
            }
            for (const row of rows) {
              write(noticeFrame(row));
              sent.add(row.id);
            }
            settle();
            if (rows.length < BATCH) break;
          }
        } while (again && !closed);
      } catch (err) {
        if (!closed) writeLog("admin events: reading events failed", err);
      } finally {
        running = false;
      }
    };

    const keepAlive = setInterval(() => write(`: keep-alive ${Date.now()}\n\n`), s.config.adminEventsKeepAliveMs);
    let unsubscribe: (() => void) | null = null;
    const close = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(close);
      clearInterval(keepAlive);
      if (recheck) clearTimeout(recheck);
      unsubscribe?.();
      if (!res.writableEnded) res.end();
    };
    openStreams.add(close);
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
