/**
 * A stand-in for the Chapterhouse server in desktop tests: GET /api/auth/user for Bearer tokens, and the
 * admin event stream GET /api/admin/events speaking the contract of server/contracts/adminNotice.ts.
 * Tests publish notices, drop connections (network loss) and read what each connection asked for.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { AdminNotice } from "../../server/contracts/adminNotice";

export interface FakeUser {
  id: number;
  name: string;
  isAdmin: boolean;
  isFieldOrganizer: boolean;
}

export const FAKE_USERS = {
  admin: { id: 1, name: "Ada Admin", isAdmin: true, isFieldOrganizer: false },
  fieldOrganizer: { id: 2, name: "Fay Organizer", isAdmin: false, isFieldOrganizer: true },
  host: { id: 3, name: "Hal Host", isAdmin: false, isFieldOrganizer: false },
} satisfies Record<string, FakeUser>;

/** One notice as the server writes it on the stream. */
export function noticeFrame(notice: AdminNotice): string {
  return `event: notice\nid: ${notice.id}\ndata: ${JSON.stringify(notice)}\n\n`;
}

/** What the server sends when someone applies to host a chapter (an admin_events row of that type). */
export function hostApplicationNotice(id: number, a: { name: string; city: string; state: string; slug: string }): AdminNotice {
  return {
    id,
    type: "host_application_created",
    title: "New host application",
    body: `${a.name} wants to host a chapter in ${a.city}, ${a.state}.`,
    path: `/admin/chapter_host_applications/${a.slug}`,
  };
}

export function aliasRateLimitNotice(id: number, alias: string): AdminNotice {
  return {
    id,
    type: "alias_rate_limited",
    title: "Email alias rate limit",
    body: `Mailgun refused changes to ${alias} for now: too many requests. Wait a minute and try again.`,
    path: "/admin/email",
  };
}

interface StreamConnection {
  authorization: string | null;
  lastEventId: string | null;
}

export interface FakeAdminServer {
  origin: string;
  /** Every request to the event stream, in order. */
  connections: StreamConnection[];
  /** Tokens the server knows. */
  tokens: Map<string, FakeUser>;
  /** Records the notice and sends it to every open stream. */
  publish(notice: AdminNotice): void;
  /** Cuts every open stream without a goodbye, like a lost network. */
  dropConnections(): void;
  /** Re-send already delivered notices on reconnect, to prove the client's de-duplication. */
  replayOnReconnect: boolean;
  openStreams(): number;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeAdminServer(opts: { retryMs?: number } = {}): Promise<FakeAdminServer> {
  const published: AdminNotice[] = [];
  const streams = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();
  const tokens = new Map<string, FakeUser>();
  const connections: StreamConnection[] = [];

  const userFor = (req: http.IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    return m ? (tokens.get(m[1]) ?? null) : null;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/api/auth/user") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ user: userFor(req), error: null }));
      return;
    }
    if (req.method === "GET" && url.pathname === "/api/admin/events") {
      const user = userFor(req);
      connections.push({ authorization: req.headers.authorization ?? null, lastEventId: (req.headers["last-event-id"] as string | undefined) ?? null });
      if (!user) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "Please sign in to continue.", errorId: "authentication_required" }));
        return;
      }
      if (!user.isAdmin && !user.isFieldOrganizer) {
        res.writeHead(403, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "You do not have permission to do that.", errorId: "forbidden" }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      res.write(`retry: ${opts.retryMs ?? 100}\n: connected\n\n`);
      const after = Number(req.headers["last-event-id"] ?? NaN);
      const backlog = fake.replayOnReconnect ? published : Number.isFinite(after) ? published.filter((n) => n.id > after) : [];
      for (const n of backlog) res.write(noticeFrame(n));
      streams.add(res);
      res.on("close", () => streams.delete(res));
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "API endpoint not found", errorId: "not_found" }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const fake: FakeAdminServer = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    tokens,
    replayOnReconnect: false,
    publish(notice) {
      published.push(notice);
      for (const res of streams) res.write(noticeFrame(notice));
    },
    dropConnections() {
      for (const res of streams) res.socket?.destroy();
      streams.clear();
    },
    openStreams: () => streams.size,
    async waitFor(predicate, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error("timed out waiting for the condition");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
