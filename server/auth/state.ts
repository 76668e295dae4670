import type { User } from "../models/User";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import type { SessionOptions } from "./session";

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
  sessionOptions: SessionOptions;
  services: Services;
}

declare module "koa" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DefaultState extends AppState {}
}
