import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay, openEventStream, SseParser, type EventStream, type SseEvent, type StreamStatus } from "./eventStream";

describe("SseParser", () => {
  it("reads events split anywhere across chunks, with CRLF, comments and multi-line data", () => {
    const p = new SseParser();
    const text = ': hello\r\nretry: 2500\r\nevent: notice\r\nid: 7\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: plain\n\n';
    const events: SseEvent[] = [];
    for (const ch of text) events.push(...p.push(ch));
    expect(events).toEqual([
      { id: "7", event: "notice", data: '{"a":\n1}' },
      { id: "7", event: "message", data: "plain" },
    ]);
    expect(p.retryMs).toBe(2500);
    expect(p.lastEventId).toBe("7");
  });

  it("ignores events without data and unknown fields", () => {
    const p = new SseParser();
    expect(p.push("event: notice\nid: 3\n\nfoo: bar\n\n")).toEqual([]);
  });
});

describe("backoffDelay", () => {
  const opts = { initialMs: 1000, maxMs: 60_000, factor: 2 };
  it("doubles per attempt up to the cap, with jitter between half and all of it", () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, opts, () => 1))).toEqual([1000, 2000, 4000, 8000, 60_000]);
    expect([0, 1, 10].map((a) => backoffDelay(a, opts, () => 0))).toEqual([500, 1000, 30_000]);
  });
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];
let stream: EventStream | null = null;

async function serve(handler: Handler) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function waitFor(predicate: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

afterEach(async () => {
  stream?.close();
  stream = null;
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe("openEventStream", () => {
  it("reconnects after the connection drops, sending Last-Event-ID", async () => {
    const seen: Array<string | undefined> = [];
    const url = await serve((req, res) => {
      seen.push(req.headers["last-event-id"] as string | undefined);
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (seen.length === 1) res.end("id: 5\nevent: notice\ndata: x\n\n");
      else res.write("id: 6\nevent: notice\ndata: y\n\n");
    });
    const events: SseEvent[] = [];
    let last: string | null = null;
    stream = openEventStream({
      url,
      fetch,
      headers: () => ({ authorization: "Bearer t" }),
      lastEventId: () => last,
      onEvent: (e) => {
        last = e.id;
        events.push(e);
      },
      backoff: { initialMs: 20 },
    });
    await waitFor(() => events.length === 2);
    expect(seen).toEqual([undefined, "5"]);
    expect(events.map((e) => e.id)).toEqual(["5", "6"]);
  });

  it("backs off exponentially while the server is unreachable", async () => {
    const statuses: StreamStatus[] = [];
    stream = openEventStream({
      url: "http://127.0.0.1:9/api/admin/events",
      fetch,
      headers: () => ({}),
      lastEventId: () => null,
      onEvent: () => {},
      onStatus: (s) => statuses.push(s),
      backoff: { initialMs: 10, maxMs: 40 },
      random: () => 1,
    });
    await waitFor(() => statuses.filter((s) => s.state === "waiting").length >= 5);
    const delays = statuses.flatMap((s) => (s.state === "waiting" ? [s.delayMs] : []));
    expect(delays.slice(0, 5)).toEqual([10, 20, 40, 40, 40]);
  });

  it("stops for good on 401 and 403", async () => {
    for (const status of [401, 403]) {
      let requests = 0;
      const url = await serve((_req, res) => {
        requests += 1;
        res.writeHead(status).end();
      });
      const statuses: StreamStatus[] = [];
      stream = openEventStream({
        url,
        fetch,
        headers: () => ({}),
        lastEventId: () => null,
        onEvent: () => {},
        onStatus: (s) => statuses.push(s),
        backoff: { initialMs: 5 },
      });
      await waitFor(() => statuses.some((s) => s.state === "stopped"));
      await new Promise((r) => setTimeout(r, 50));
      expect(requests).toBe(1);
      expect(statuses.at(-1)).toEqual({ state: "stopped", reason: status === 401 ? "unauthorized" : "forbidden" });
    }
  });

  it("treats a silent connection as lost and reconnects", async () => {
    let requests = 0;
    const url = await serve((_req, res) => {
      requests += 1;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.flushHeaders();
    });
    stream = openEventStream({ url, fetch, headers: () => ({}), lastEventId: () => null, onEvent: () => {}, idleTimeoutMs: 60, backoff: { initialMs: 5 } });
    await waitFor(() => requests >= 3);
  });

  it("reconnects at once when asked (network back, computer woke up)", async () => {
    let requests = 0;
    const url = await serve((_req, res) => {
      requests += 1;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": hi\n\n");
    });
    stream = openEventStream({ url, fetch, headers: () => ({}), lastEventId: () => null, onEvent: () => {}, backoff: { initialMs: 5 } });
    await waitFor(() => requests === 1);
    stream.reconnectNow();
    await waitFor(() => requests === 2);
  });
});
