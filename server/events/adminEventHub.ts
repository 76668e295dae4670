import { EventEmitter } from "node:events";
import type { Knex } from "knex";
import { isPostgres } from "../db";
import type { Logger } from "../lib/log";

/** The Postgres channel publishAdminEvent notifies (payload: the admin_events id). */
export const ADMIN_EVENTS_CHANNEL = "admin_events";

/** Called when new admin_events rows may exist; the subscriber reads them from the table. */
type Wake = () => void;

export interface AdminEventHub {
  /** Resolves once this process will hear of every event committed from now on. */
  subscribe(wake: Wake): Promise<() => void>;
}

/**
 * SQLite runs as a single process: publishers wake subscribers through this emitter.
 * (On Postgres every process hears every NOTIFY through its own LISTEN connection instead.)
 */
const localEmitter = new EventEmitter();
localEmitter.setMaxListeners(0);

export function wakeLocalSubscribers(): void {
  localEmitter.emit("wake");
}

class LocalHub implements AdminEventHub {
  async subscribe(wake: Wake) {
    localEmitter.on("wake", wake);
    return () => {
      localEmitter.off("wake", wake);
    };
  }
}

interface PgNotification {
  channel: string;
  payload?: string;
}

interface PgRawConnection {
  query(sql: string): Promise<unknown>;
  on(event: "notification", fn: (n: PgNotification) => void): void;
  on(event: "error" | "end", fn: (err?: Error) => void): void;
  removeAllListeners(): void;
}

interface KnexClientInternals {
  acquireRawConnection(): Promise<PgRawConnection>;
  destroyRawConnection(conn: PgRawConnection): Promise<void>;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * One dedicated Postgres connection per process doing LISTEN admin_events, opened while at least one
 * stream is connected and closed when the last one leaves. Every notification wakes every local
 * subscriber. When the connection fails it is reopened with backoff, and subscribers are woken after
 * reconnecting so that they catch up on rows committed while nobody was listening.
 */
class PgHub implements AdminEventHub {
  private readonly subscribers = new Set<Wake>();
  private conn: PgRawConnection | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private backoff = RECONNECT_MIN_MS;

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
  ) {}

  private get client(): KnexClientInternals {
    return this.knex.client as unknown as KnexClientInternals;
  }

  async subscribe(wake: Wake) {
    this.subscribers.add(wake);
    try {
      await this.ensureListening();
    } catch (err) {
      // The stream still works from the table; the listener keeps retrying in the background.
      this.log.error({ err }, "LISTEN failed, retrying");
      this.scheduleReconnect();
    }
    return () => {
      this.subscribers.delete(wake);
      if (this.subscribers.size === 0) void this.stop();
    };
  }

  private wakeAll() {
    for (const wake of [...this.subscribers]) {
      try {
        wake();
      } catch (err) {
        this.log.error({ err }, "subscriber failed");
      }
    }
  }

  private ensureListening(): Promise<void> {
    if (this.conn) return Promise.resolve();
    if (!this.connecting) {
      this.connecting = this.connect().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const conn = await this.client.acquireRawConnection();
    const lost = (err?: Error) => {
      if (this.conn !== conn) return;
      this.conn = null;
      conn.removeAllListeners();
      void this.client.destroyRawConnection(conn).catch(() => {});
      if (this.subscribers.size > 0) {
        this.log.error({ err }, "LISTEN connection lost, reconnecting");
        this.scheduleReconnect();
      }
    };
    conn.on("notification", (n) => {
      if (n.channel === ADMIN_EVENTS_CHANNEL) this.wakeAll();
    });
    conn.on("error", lost);
    conn.on("end", lost);
    try {
      await conn.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
    } catch (err) {
      conn.removeAllListeners();
      await this.client.destroyRawConnection(conn).catch(() => {});
      throw err;
    }
    if (this.subscribers.size === 0) {
      // Everyone left while we were connecting.
      conn.removeAllListeners();
      await this.client.destroyRawConnection(conn).catch(() => {});
      return;
    }
    this.conn = conn;
    this.backoff = RECONNECT_MIN_MS;
  }

  private scheduleReconnect() {
    if (this.retryTimer || this.subscribers.size === 0) return;
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.subscribers.size === 0) return;
      this.ensureListening().then(
        () => this.wakeAll(),
        (err) => {
          this.log.error({ err }, "reconnect failed");
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  private async stop() {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    const conn = this.conn;
    this.conn = null;
    if (conn) {
      conn.removeAllListeners();
      conn.on("error", () => {});
      await this.client.destroyRawConnection(conn).catch(() => {});
    }
  }
}

const hubs = new WeakMap<Knex, AdminEventHub>();

/** The hub of this process for this database. */
export function adminEventHub(knex: Knex, log: Logger): AdminEventHub {
  let hub = hubs.get(knex);
  if (!hub) {
    hub = isPostgres(knex) ? new PgHub(knex, log) : new LocalHub();
    hubs.set(knex, hub);
  }
  return hub;
}
