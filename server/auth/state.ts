import type { User } from "../models/User";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import type { SessionOptions } from "./session";
import type { Logger } from "../lib/log";

/**
 * What the app's middleware puts on `ctx.state`, typed for every route: `viewer` is set by
 * sessionMiddleware (null for an anonymous caller). Handlers read the signed-in caller through
 * `requireViewer(ctx)` or `requireAdmin(ctx)` (server/policies/authorize.ts), which answer a `Viewer`.
 */
export interface AppState {
  viewer: Viewer | null;
  /** The session's user row (with permissions), when signed in. */
  user?: User;
  sessionId?: string;
  /** How the session came: a Bearer token (the desktop app) or the browser's cookie. */
  sessionVia?: "bearer" | "cookie";
  sessionOptions: SessionOptions;
  services: Services;
  /** The request's id (X-Request-Id) and the logger whose entries carry it (server/lib/requestLog.ts). */
  requestId: string;
  log: Logger;
  /** An unexpected error the error middleware answered with a 500: logged, with its stack, in the request's line. */
  failure?: unknown;
  /** A kept answer the same for everyone, as sent (lib/readCache.ts sendCached): the kept-answer lane may repeat it. */
  keptAnswer?: import("../lib/readCache").CachedAnswer;
}

declare module "koa" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DefaultState extends AppState {}
}
