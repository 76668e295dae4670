import type { IncomingMessage } from "node:http";
import type { Context, Next } from "koa";
import { SESSION_COOKIE } from "../auth/session";
import { compressedForm } from "./compressKept";
import type { Logger } from "./log";
import { isKept, matchesEtag, type CachedAnswer, type ReadCache } from "./readCache";
import { logRequestLine, requestIdFrom, routeOf } from "./requestLog";

/** A kept answer as the whole app last sent it for one URL: its headers (security headers and all) and its route. */
interface LaneEntry {
  answer: CachedAnswer;
  route: string;
  /** Name, value, name, value...: what res.writeHead takes, so each response's headers are written in one go. */
  headers: string[];
}

/** The key a URL's note is kept under in the read cache (its one bounded LRU). */
const laneKey = (url: string) => `lane:${url}`;
/** Headers that belong to one response, not to the answer: set again for each request, or by Node. */
const PER_RESPONSE = new Set(["x-request-id", "content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding", "etag"]);

/**
 * Whether a request may be answered from the lane: a GET to the URL with nothing that could change the answer
 * (no session: the chapter page is computed for a signed-in caller; no Origin: the desktop app's cross-origin
 * headers depend on it). Everything else goes through the app.
 */
function anonymousGet(req: IncomingMessage): boolean {
  if (req.method !== "GET" || req.headers.authorization || req.headers.origin) return false;
  const cookie = req.headers.cookie;
  return !cookie || !cookie.includes(`${SESSION_COOKIE}=`);
}

/**
 * The kept-answer lane. The hot public reads (the chapter lists, pins, a chapter page, press mentions, blog pages,
 * the calendar feeds) are kept as bytes (lib/readCache.ts), yet each request still went through a dozen middleware
 * and the router, which on this machine cost more than sending the bytes does. The lane is ordinary Koa middleware
 * placed first (server/app.ts): when the app has answered a URL with a kept answer the same for everyone, the next
 * anonymous GET of that URL is answered with the same bytes and headers (security headers and all) at once, for as
 * long as the answer is current (ReadCache.isCurrent: the tables it is made of unchanged, versions read after the
 * request arrived, and not expired), so a write in any process is seen by the next read as before. Anything else
 * (a write, a stale or unknown answer, a signed-in or cross-origin caller) goes on through the app, whose answer
 * refreshes the lane. Each request still gets its id and its log line, like every other (with `lane: true`). The
 * notes of URLs are kept in the read cache's one bound.
 */
export function keptLane(reads: ReadCache, log: Logger) {
  return async function keptLane(ctx: Context, next: Next) {
    const started = performance.now();
    if (anonymousGet(ctx.req)) {
      const entry = reads.noted<LaneEntry>(laneKey(ctx.url));
      if (entry && (await reads.isCurrent(entry.answer).catch(() => false))) return serve(ctx, entry, log, started);
    }
    await next();
    remember(reads, ctx);
  };
}

/** Notes a kept answer the app sent to an anonymous GET, with its headers. */
function remember(reads: ReadCache, ctx: Context): void {
  const answer = ctx.state.keptAnswer;
  // A 200 only: a 304's headers lack the body's (its type, Vary).
  if (!answer || ctx.status !== 200 || !isKept(answer) || !anonymousGet(ctx.req)) return;
  const pairs = Object.entries(ctx.response.headers)
    .filter(([name, value]) => !PER_RESPONSE.has(name.toLowerCase()) && typeof value === "string")
    .map(([name, value]) => [name, value as string]);
  if (pairs.some(([name]) => name.toLowerCase() === "set-cookie")) return;
  const headers = pairs.flat();
  const bytes = headers.reduce((sum, text) => sum + text.length, ctx.url.length);
  reads.note(laneKey(ctx.url), { answer, route: routeOf(ctx), headers } satisfies LaneEntry, bytes);
}

/** Sends a noted answer straight to the socket (Koa's own response handling is skipped: ctx.respond = false). */
async function serve(ctx: Context, entry: LaneEntry, log: Logger, started: number): Promise<void> {
  const { req, res } = ctx;
  ctx.respond = false;
  const requestId = requestIdFrom(String(req.headers["x-request-id"] ?? ""));
  // Written with the status in one call (one setHeader each was a tenth of the server's time under load); Node adds
  // Date, Connection and Keep-Alive as for any response.
  const headers = [...entry.headers, "X-Request-Id", requestId, "ETag", entry.answer.etag];
  if (matchesEtag(req.headers["if-none-match"], entry.answer.etag)) {
    res.writeHead(304, headers);
    res.end();
  } else {
    const sent = await compressedForm(entry.answer.body, req);
    const body = sent ? sent.body : entry.answer.body;
    if (sent) headers.push("Content-Encoding", sent.encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(200, headers);
    res.end(body);
  }
  // The lane answers 200 or 304, whose lines are info: below that level no line (nor logger) is made.
  if (log.isLevelEnabled("info"))
    res.once("close", () =>
      logRequestLine(log.child({ reqId: requestId }), {
        method: "GET",
        route: entry.route,
        status: res.statusCode,
        started,
        finished: res.writableFinished,
        lane: true,
      }),
    );
}
