import { forbidden } from "../errors";
import { User } from "../models/User";
import type { Rule } from "../policies/authorize";
import { viewerFromUser, type Viewer } from "../policies/viewer";

/** The person a link in a mail names, as policies see them at this moment. */
export interface LinkHolder {
  user: User;
  viewer: Viewer;
}

/**
 * The person a mailed link names with the roles they hold now, read when the link is used (never those they held
 * when it was sent); null when the account is gone.
 */
export async function linkHolderNow(userId: number): Promise<LinkHolder | null> {
  const user = await User.query().findById(userId).withGraphFetched("permissions");
  return user ? { user, viewer: viewerFromUser(user) } : null;
}

/**
 * The one guard of every link in a mail that acts for a person (a meetup's confirm and cancel; RSVPs next): the
 * holder's roles now must pass the same policy rule the signed-in route applies to this record. Answers the viewer
 * the action runs as, or 403 with `refusal`, which says why (the person no longer holds the role).
 */
export function authorizeLinkHolder<R>(holder: LinkHolder, rule: Rule<R>, record: R, refusal: string): Viewer {
  if (!rule(holder.viewer, record)) throw forbidden(refusal);
  return holder.viewer;
}
