/**
 * A server-sent events client for the main process: one long GET, parsed as text/event-stream, reopened
 * after network loss with exponential backoff (with jitter) and the Last-Event-ID header, so the server
 * resumes after the last event seen. 401 and 403 stop it (signed out, or no longer allowed).
 * fetch and timers are passed in; nothing here imports Electron.
 */

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Incremental text/event-stream parser (the WHATWG rules: fields, multi-line data, comments, retry). */
export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private eventType = "";
  private eventId: string | null = null;
  /** Last id of the stream so far (kept across events, as EventSource does). */
  lastEventId: string | null = null;
  /** Reconnection time the server asked for with `retry:`. */
  retryMs: number | null = null;

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) events.push(ev);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      if (this.data.length === 0) {
        this.eventType = "";
        return null;
      }
      if (this.eventId !== null) this.lastEventId = this.eventId;
      const ev = { id: this.lastEventId, event: this.eventType || "message", data: this.data.join("\n") };
      this.data = [];
      this.eventType = "";
      this.eventId = null;
      return ev;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventType = value;
    else if (field === "id" && !value.includes("\0")) this.eventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 60_000, factor: 2 };

/** Delay before reconnect attempt number `attempt` (0 = first): exponential, capped, with "equal jitter". */
export function backoffDelay(attempt: number, opts: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const base = Math.min(opts.maxMs, opts.initialMs * opts.factor ** Math.max(0, attempt));
  return Math.round(base / 2 + random() * (base / 2));
}

export type StreamStatus =
  | { state: "connecting"; attempt: number }
  | { state: "open" }
  | { state: "waiting"; delayMs: number; reason: string }
  | { state: "stopped"; reason: "closed" | "unauthorized" | "forbidden" };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface EventStreamOptions {
  url: string;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Extra request headers for each connection (Authorization). */
  headers(): Record<string, string>;
  /** The id to resume after (sent as Last-Event-ID), or null for "only new events". */
  lastEventId(): string | null;
  onEvent(event: SseEvent): void;
  onStatus?(status: StreamStatus): void;
  backoff?: Partial<BackoffOptions>;
  /** Reconnect when nothing (not even a keep-alive comment) arrived for this long. */
  idleTimeoutMs?: number;
  random?: () => number;
  timers?: Timers;
}

export interface EventStream {
  close(): void;
  /** Drops the current connection or wait and connects at once (network back, computer woke up). */
  reconnectNow(): void;
}

const DEFAULT_IDLE_TIMEOUT_MS = 75_000;

class StopError extends Error {
  constructor(readonly reason: "unauthorized" | "forbidden") {
    super(reason);
  }
}

/** Opens the stream and keeps it open until close(). */
export function openEventStream(opts: EventStreamOptions): EventStream {
  const timers = opts.timers ?? realTimers;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...opts.backoff };
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  let closed = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let waitHandle: unknown = null;
  let idleHandle: unknown = null;
  let serverRetryMs: number | null = null;
  const status = (s: StreamStatus) => opts.onStatus?.(s);

  const clearIdle = () => {
    if (idleHandle !== null) timers.clearTimeout(idleHandle);
    idleHandle = null;
  };
  const armIdle = (abort: AbortController) => {
    clearIdle();
    idleHandle = timers.setTimeout(() => abort.abort(new Error("idle")), idleMs);
  };

  async function runOnce(): Promise<void> {
    const abort = new AbortController();
    controller = abort;
    const headers: Record<string, string> = { accept: "text/event-stream", "cache-control": "no-cache", ...opts.headers() };
    const last = opts.lastEventId();
    if (last) headers["last-event-id"] = last;
    armIdle(abort);
    try {
      const res = await opts.fetch(opts.url, { method: "GET", headers, signal: abort.signal, cache: "no-store" });
      if (res.status === 401) throw new StopError("unauthorized");
      if (res.status === 403) throw new StopError("forbidden");
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) throw new Error("not an event stream");
      status({ state: "open" });
      const parser = new SseParser();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armIdle(abort);
        const events = parser.push(decoder.decode(value, { stream: true }));
        if (parser.retryMs !== null) serverRetryMs = parser.retryMs;
        // Data flowed: the connection is healthy, so the next loss starts the backoff again.
        attempt = 0;
        for (const ev of events) {
          if (closed) return;
          opts.onEvent(ev);
        }
      }
    } finally {
      clearIdle();
      controller = null;
    }
  }

  function schedule(reason: string) {
    const b = serverRetryMs !== null ? { ...backoff, initialMs: Math.max(serverRetryMs, 250) } : backoff;
    const delayMs = backoffDelay(attempt, b, opts.random);
    attempt += 1;
    status({ state: "waiting", delayMs, reason });
    waitHandle = timers.setTimeout(() => {
      waitHandle = null;
      void loop();
    }, delayMs);
  }

  async function loop(): Promise<void> {
    if (closed) return;
    status({ state: "connecting", attempt });
    try {
      await runOnce();
      if (closed) return;
      schedule("the server closed the stream");
    } catch (err) {
      if (closed) return;
      if (err instanceof StopError) {
        closed = true;
        status({ state: "stopped", reason: err.reason });
        return;
      }
      schedule((err as Error)?.message || "network error");
    }
  }

  void loop();

  return {
    close() {
      if (closed) return;
      closed = true;
      if (waitHandle !== null) timers.clearTimeout(waitHandle);
      clearIdle();
      controller?.abort();
      status({ state: "stopped", reason: "closed" });
    },
    reconnectNow() {
      if (closed) return;
      attempt = 0;
      if (waitHandle !== null) {
        timers.clearTimeout(waitHandle);
        waitHandle = null;
        void loop();
      } else {
        // Dropping the connection makes the loop schedule a reconnect at the shortest delay.
        controller?.abort(new Error("reconnect requested"));
      }
    },
  };
}
