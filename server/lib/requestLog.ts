import crypto from "node:crypto";
import type { Context, Next } from "koa";
import type { Logger } from "./log";

/** An incoming X-Request-Id is kept when it is a short token like this (a proxy's or a client's id); else a new one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the caller's X-Request-Id when it is a short safe token, otherwise a new UUID. */
export function requestIdFrom(header: string): string {
  return SAFE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/** What the request log calls a request no router answered: the UI's files and pages, uploaded images. */
const UNROUTED = "(static)";

interface MatchedLayer {
  path: string | RegExp;
  methods: string[];
}

/**
 * The route pattern that answered (`/api/chapter/:id`), never the path with its ids and tokens: the first route,
 * among those @koa/router matched by path, that takes the request's method. (`ctx._matchedRoute` is not it when
 * a router's middleware threw before the route ran.)
 */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { matched?: MatchedLayer[] }).matched ?? [];
  const route = matched.find((layer) => layer.methods.includes(ctx.method));
  return route ? String(route.path) : UNROUTED;
}

/**
 * Outermost middleware: gives the request its id (the X-Request-Id header of the answer, `reqId` of every entry
 * logged through `ctx.state.log`) and writes one line when the response is over (sent, or cut off by the
 * client): method, route pattern, status and duration in ms. An unexpected error the error middleware recorded
 * (`ctx.state.failure`) goes in the same line with its stack; the client's answer never has it. No header,
 * query string or body is logged.
 */
export function requestLog(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = requestIdFrom(ctx.get("X-Request-Id"));
    const requestLog = log.child({ reqId: requestId });
    ctx.state.requestId = requestId;
    ctx.state.log = requestLog;
    ctx.set("X-Request-Id", requestId);
    ctx.res.once("close", () => {
      logRequestLine(
        requestLog,
        { method: ctx.method, route: routeOf(ctx), status: ctx.status, started, finished: ctx.res.writableFinished },
        ctx.state.failure,
      );
    });
    await next();
  };
}

/** The one line of a request: method, route pattern, status, duration, whether the client cut it off, and any failure. */
export function logRequestLine(
  requestLog: Logger,
  r: { method: string; route: string; status: number; started: number; finished: boolean; lane?: boolean },
  failure?: unknown,
): void {
  const entry = {
    method: r.method,
    route: r.route,
    status: r.status,
    durationMs: Math.round((performance.now() - r.started) * 10) / 10,
    ...(r.lane ? { lane: true } : {}),
    ...(r.finished ? {} : { aborted: true }),
    ...(failure === undefined ? {} : { err: failure }),
  };
  if (r.status >= 500) requestLog.error(entry, "request");
  else if (failure !== undefined) requestLog.warn(entry, "request");
  else requestLog.info(entry, "request");
}
