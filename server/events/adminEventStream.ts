import type { ServerResponse } from "node:http";
import type { Knex } from "knex";
import { AdminEvent } from "../models/AdminEvent";
import type { Logger } from "../lib/log";
import { presentAdminNotice } from "../presenters/adminEvent";
import { adminEventHub } from "./adminEventHub";

/** At most this many missed events are replayed to a client that reconnects with Last-Event-ID. */
const REPLAY_LIMIT = 100;
const BATCH = 100;
/**
 * How long a missing id below delivered ones is waited for before it is taken for a rolled-back insert.
 * Longer than any transaction that publishes an event.
 */
const HOLE_WAIT_MS = 10_000;

/** The newest admin event id (0 when there is none): where a stream without Last-Event-ID starts. */
export async function maxEventId(): Promise<number> {
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
function noticeFrame(event: AdminEvent): string {
  return `event: notice\nid: ${event.id}\ndata: ${JSON.stringify(presentAdminNotice(event))}\n\n`;
}

export interface AdminEventStreamOptions {
  knex: Knex;
  /** The id the stream starts after. */
  cursor: number;
  /** True when the client reconnected with Last-Event-ID: it first gets at most REPLAY_LIMIT missed events. */
  replay: boolean;
  keepAliveMs: number;
  /** The server's logger (the stream and the process's hub log as component "adminEvents"). */
  log: Logger;
}

/**
 * Streams admin events to one client over `res` (already answered 200 text/event-stream): every committed row
 * after the cursor, in id order, each once, until the client goes away or the process shuts down.
 *
 * Ids are taken at insert but become visible at commit, so a row can appear after a higher one. The stream
 * keeps `floor` (every id at or below it was sent, or given up on) and `sent` (ids above it already sent);
 * a hole below sent ids is waited for HOLE_WAIT_MS, then skipped as a rolled-back insert. Wake-ups (from
 * the hub) while a read runs are coalesced into one more read. A comment line keeps idle connections open
 * through proxies.
 */
export function streamAdminEvents(res: ServerResponse, opts: AdminEventStreamOptions): void {
  res.write(`retry: 3000\n: connected\n\n`);
  const log = opts.log.child({ component: "adminEvents" });

  let closed = false;
  let running = false;
  let again = false;
  let first = opts.replay;
  let floor = opts.cursor;
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
          recheck = setTimeout(
            () => {
              recheck = null;
              void pump();
            },
            holeSince + HOLE_WAIT_MS - now,
          );
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
            rows = await AdminEvent.query()
              .where("id", ">", floor)
              .whereNotIn("id", [...sent])
              .orderBy("id", "asc")
              .limit(BATCH);
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
      if (!closed) log.error({ err }, "reading events failed");
    } finally {
      running = false;
    }
  };

  const keepAlive = setInterval(() => write(`: keep-alive ${Date.now()}\n\n`), opts.keepAliveMs);
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
  res.req.on("close", close);
  res.on("close", close);
  res.on("error", close);

  void adminEventHub(opts.knex, log)
    .subscribe(() => void pump())
    .then((unsub) => {
      if (closed) unsub();
      else {
        unsubscribe = unsub;
        void pump();
      }
    });
}
