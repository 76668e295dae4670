import type { Viewer } from "./viewer";
import { hostAccess } from "./chapter";

/** Who's coming: anyone who may see a chapter answers for themselves; the names are for the chapter's hosts. */
export const rsvpPolicy = {
  /** Who answered a meetup, by name and address: the chapter's hosts and field organizers, and admins. */
  list: (viewer: Viewer, chapter: { id: number }) => hostAccess(viewer, chapter),
};
