/** A small server-sent-events client for tests: reads frames from a fetch stream. */
interface SseFrame {
  event: string;
  id: string | null;
  data: string;
  /** A frame without event or data (comment lines, retry). */
  comment: boolean;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The next frame with `event:` (comments skipped unless asked for); rejects after timeoutMs. */
  next(opts?: { timeoutMs?: number; comments?: boolean }): Promise<SseFrame>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const queue: SseFrame[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  let buffer = "";
  const decoder = new TextDecoder();

  const parseFrame = (raw: string) => {
    const frame: SseFrame = { event: "", id: null, data: "", comment: false };
    const data: string[] = [];
    for (const line of raw.split("\n")) {
      if (line.startsWith(":")) continue;
      const i = line.indexOf(":");
      const field = i === -1 ? line : line.slice(0, i);
      const value = i === -1 ? "" : line.slice(i + 1).replace(/^ /, "");
      if (field === "event") frame.event = value;
      else if (field === "id") frame.id = value;
      else if (field === "data") data.push(value);
    }
    frame.data = data.join("\n");
    // Comments and retry-only frames carry no event.
    frame.comment = !frame.event && data.length === 0;
    return frame;
  };

  if (res.ok && res.body) {
    const reader = res.body.getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let idx: number;
          while ((idx = buffer.indexOf("\n\n")) !== -1) {
            queue.push(parseFrame(buffer.slice(0, idx)));
            buffer = buffer.slice(idx + 2);
            waiters.splice(0).forEach((w) => w());
          }
        }
      } catch {
        /* aborted */
      } finally {
        ended = true;
        waiters.splice(0).forEach((w) => w());
      }
    })();
  } else {
    ended = true;
  }

  return {
    status: res.status,
    headers: res.headers,
    async next({ timeoutMs = 5000, comments = false } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (queue.length) {
          const frame = queue.shift()!;
          if (comments ? frame.comment : frame.event) return frame;
        }
        if (ended) throw new Error("event stream ended");
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
