/**
 * The admin notice feed of the desktop app: when the signed-in user is an admin or a field organizer,
 * keep the server's admin event stream open and hand each new notice on exactly once, also across
 * reconnects and restarts (the last seen id and the recent ids are kept in a small file).
 */
import type { CurrentUser } from "../server/contracts/user";
import { ADMIN_NOTICE_EVENT, parseAdminNotice, type AdminNotice } from "../server/contracts/adminNotice";
import { ADMIN_EVENTS_PATH, CURRENT_USER_PATH } from "./constants";
import { backoffDelay, DEFAULT_BACKOFF, openEventStream, type BackoffOptions, type EventStream, type StreamStatus, type Timers } from "./eventStream";
import { readJsonFile, writeJsonFile } from "./jsonFile";

/** Only these people get notices (the server checks it too). */
export function receivesAdminNotices(user: Pick<CurrentUser, "isAdmin" | "isFieldOrganizer"> | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.isFieldOrganizer));
}

export interface FeedState {
  /** The server these ids belong to; another server starts afresh. */
  serverOrigin: string | null;
  lastEventId: number | null;
  /** The most recent ids handed on, newest last. */
  seenIds: number[];
}

export interface FeedStateStore {
  load(): FeedState;
  save(state: FeedState): void;
}

const EMPTY_FEED_STATE: FeedState = { serverOrigin: null, lastEventId: null, seenIds: [] };

export function createFileFeedStateStore(file: string): FeedStateStore {
  return {
    load: () => ({ ...EMPTY_FEED_STATE, ...readJsonFile<Partial<FeedState>>(file, {}) }),
    save: (state) => writeJsonFile(file, state),
  };
}

export function createMemoryFeedStateStore(initial: FeedState = EMPTY_FEED_STATE): FeedStateStore & { state: FeedState } {
  const store = {
    state: { ...initial },
    load: () => ({ ...store.state, seenIds: [...store.state.seenIds] }),
    save: (s: FeedState) => {
      store.state = { ...s, seenIds: [...s.seenIds] };
    },
  };
  return store;
}

const SEEN_LIMIT = 500;

/** Says whether a notice id is new, remembering it when it is. */
export class NoticeDeduper {
  private state: FeedState;
  constructor(
    private readonly store: FeedStateStore,
    serverOrigin: string,
  ) {
    const loaded = store.load();
    this.state = loaded.serverOrigin === serverOrigin ? loaded : { serverOrigin, lastEventId: null, seenIds: [] };
  }

  lastEventId(): string | null {
    return this.state.lastEventId === null ? null : String(this.state.lastEventId);
  }

  accept(id: number): boolean {
    const { seenIds } = this.state;
    if (seenIds.includes(id)) return false;
    // Older than everything still remembered: it was handed on long ago.
    if (seenIds.length >= SEEN_LIMIT && id < Math.min(...seenIds)) return false;
    const next = [...seenIds, id].slice(-SEEN_LIMIT);
    this.state = { ...this.state, lastEventId: Math.max(this.state.lastEventId ?? 0, id), seenIds: next };
    this.store.save(this.state);
    return true;
  }
}

export interface AdminFeedDeps {
  fetch(url: string, init?: RequestInit): Promise<Response>;
  serverOrigin(): string | null;
  token(): string | null;
  stateStore: FeedStateStore;
  onNotice(notice: AdminNotice): void;
  log?(message: string): void;
  backoff?: Partial<BackoffOptions>;
  idleTimeoutMs?: number;
  random?: () => number;
  timers?: Timers;
}

export interface AdminFeed {
  /** Re-reads server, token and role, and (re)opens or closes the stream. Call after each change. */
  refresh(): Promise<void>;
  stop(): void;
  reconnectNow(): void;
  /** What the feed is doing, for logs and tests. */
  state(): "idle" | "checking" | "subscribed" | "not-allowed";
}

/** Asks the server who the token belongs to. Throws on network errors; null for no or a bad token. */
async function whoAmI(deps: AdminFeedDeps, origin: string, token: string): Promise<CurrentUser | null> {
  const res = await deps.fetch(origin + CURRENT_USER_PATH, { headers: { accept: "application/json", authorization: `Bearer ${token}` } });
  if (res.status === 401 || res.status === 403) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { user?: CurrentUser | null };
  return body.user ?? null;
}

export function createAdminFeed(deps: AdminFeedDeps): AdminFeed {
  const log = deps.log ?? (() => {});
  const timers = deps.timers ?? {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const backoff = { ...DEFAULT_BACKOFF, ...deps.backoff };
  let stream: EventStream | null = null;
  let retryHandle: unknown = null;
  let generation = 0;
  let current: ReturnType<AdminFeed["state"]> = "idle";

  const stopAll = () => {
    generation += 1;
    if (retryHandle !== null) timers.clearTimeout(retryHandle);
    retryHandle = null;
    stream?.close();
    stream = null;
    current = "idle";
  };

  async function start(gen: number, attempt: number): Promise<void> {
    const origin = deps.serverOrigin();
    const token = deps.token();
    if (!origin || !token) return;
    current = "checking";
    let user: CurrentUser | null;
    try {
      user = await whoAmI(deps, origin, token);
    } catch (err) {
      if (gen !== generation) return;
      const delay = backoffDelay(attempt, backoff, deps.random);
      log(`admin notices: cannot reach ${origin} (${(err as Error).message}); trying again in ${delay} ms`);
      retryHandle = timers.setTimeout(() => {
        retryHandle = null;
        void start(gen, attempt + 1);
      }, delay);
      return;
    }
    if (gen !== generation) return;
    if (!receivesAdminNotices(user)) {
      current = "not-allowed";
      return;
    }
    const deduper = new NoticeDeduper(deps.stateStore, origin);
    current = "subscribed";
    stream = openEventStream({
      url: origin + ADMIN_EVENTS_PATH,
      fetch: deps.fetch,
      headers: () => ({ authorization: `Bearer ${deps.token() ?? token}` }),
      lastEventId: () => deduper.lastEventId(),
      backoff: deps.backoff,
      idleTimeoutMs: deps.idleTimeoutMs,
      random: deps.random,
      timers: deps.timers,
      onStatus(s: StreamStatus) {
        if (s.state === "waiting") log(`admin notices: reconnecting in ${s.delayMs} ms (${s.reason})`);
        if (s.state === "stopped" && s.reason !== "closed") {
          log(`admin notices: stopped (${s.reason})`);
          current = "not-allowed";
        }
      },
      onEvent(ev) {
        if (ev.event !== ADMIN_NOTICE_EVENT) return;
        const notice = parseAdminNotice(ev.data, ev.id);
        if (!notice) {
          log("admin notices: ignored a malformed notice");
          return;
        }
        if (!deduper.accept(notice.id)) return;
        deps.onNotice(notice);
      },
    });
  }

  return {
    async refresh() {
      stopAll();
      await start(generation, 0);
    },
    stop: stopAll,
    reconnectNow() {
      if (retryHandle !== null) {
        timers.clearTimeout(retryHandle);
        retryHandle = null;
        void start(generation, 0);
      } else stream?.reconnectNow();
    },
    state: () => current,
  };
}
