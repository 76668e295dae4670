import { forbidden, unauthorized } from "../errors";
import type { Viewer } from "./viewer";

export type Rule<R> = (viewer: Viewer, record: R) => boolean;

/**
 * The one gate every non-public handler passes: 401 when nobody is signed in,
 * 403 when the rule refuses this viewer for this record.
 */
export function authorize<R>(viewer: Viewer | null, rule: Rule<R>, record: R, message?: string): asserts viewer is Viewer {
  if (!viewer) throw unauthorized();
  if (!rule(viewer, record)) throw forbidden(message);
}

/** For endpoints that need only a signed-in caller. */
export function requireViewer(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw unauthorized();
}
