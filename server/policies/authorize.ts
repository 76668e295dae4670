import { forbidden, notFound, unauthorized } from "../errors";
import { sitePolicy } from "./site";
import type { Viewer } from "./viewer";

export type Rule<R> = (viewer: Viewer, record: R) => boolean;

/** What the guards read of a Koa context (its state is typed in server/auth/state.ts). */
interface WithViewer {
  state: { viewer: Viewer | null };
}

/**
 * The one gate every non-public handler passes: 401 when nobody is signed in,
 * 403 when the rule refuses this viewer for this record.
 */
export function authorize<R>(viewer: Viewer | null, rule: Rule<R>, record: R, message?: string): asserts viewer is Viewer {
  if (!viewer) throw unauthorized();
  if (!rule(viewer, record)) throw forbidden(message);
}

/**
 * The gate of public reads by slug (a blog post, a page, a wiki page, a press mention, an event): a record the caller
 * may not see answers exactly as one that does not exist, the same 404 with the same body, to visitors and signed-in
 * callers alike, so nobody learns that a draft or a hidden item is there.
 */
export function showOrNotFound<R>(
  viewer: Viewer | null,
  rule: (viewer: Viewer | null, record: R) => boolean,
  record: R | null | undefined,
  what: string,
): asserts record is R {
  if (!record || !rule(viewer, record)) throw notFound(what);
}

/** For endpoints that need only a signed-in caller: the caller, or 401. */
export function requireViewer(ctx: WithViewer): Viewer {
  const { viewer } = ctx.state;
  if (!viewer) throw unauthorized();
  return viewer;
}

/** The one guard of the site admin routers: the signed-in admin, or 401 (anonymous) / 403 (not an admin). */
export function requireAdmin(ctx: WithViewer): Viewer {
  const { viewer } = ctx.state;
  authorize(viewer, sitePolicy.admin, null);
  return viewer;
}
