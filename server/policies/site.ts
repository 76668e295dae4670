import { ROLE_FIELD_ORGANIZER } from "../models/Role";
import { chaptersWithRole, type Viewer } from "./viewer";

/** Admins, and field organizers of any chapter. */
const organizesAny = (viewer: Viewer) => viewer.isAdmin || chaptersWithRole(viewer, ROLE_FIELD_ORGANIZER).length > 0;

/** Site-wide rules: the admin area and content management belong to admins. */
export const sitePolicy = {
  admin: (viewer: Viewer) => viewer.isAdmin,
  /** The admin event stream (desktop notices): admins, and field organizers of any chapter. */
  adminNotices: organizesAny,
  signedIn: (_viewer: Viewer) => true,
  /** The chapter health table: admins (every chapter) and field organizers (their chapters, see healthScope). */
  chapterHealth: organizesAny,
  /** The network's stats: admins (every chapter) and field organizers (the sum of theirs, see healthScope). */
  networkStats: organizesAny,
  /** Non-public wiki pages and pages are for admins only. */
  readNonPublicContent: (viewer: Viewer | null) => Boolean(viewer?.isAdmin),
};

export const applicationPolicy = {
  view: (viewer: Viewer, application: { userId: number }) => viewer.isAdmin || viewer.id === application.userId,
};

/** The chapters whose health a viewer sees: null for every chapter (admins), else those they organize. */
export const healthScope = (viewer: Viewer): number[] | null => (viewer.isAdmin ? null : chaptersWithRole(viewer, ROLE_FIELD_ORGANIZER));
