import type { ActiveChapterDate } from "../contracts/chapter";
import { normalizeState } from "../contracts/chapter";
import type { PublicDate } from "../contracts/content";
import { latestDate } from "../contracts/pageHead";

/** A stored date as ISO 8601 in UTC. Stored dates are ISO strings (SQLite) or Dates (Postgres). */
const isoDate = (d: string | Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** Public items (pages, wiki pages, blog posts, press mentions) as slugs with their last change, in the order given. */
export const presentPublicDates = (rows: { slug: string; updatedAt?: string | Date }[]): PublicDate[] =>
  rows.map((r) => ({ slug: r.slug, updatedAt: isoDate(r.updatedAt) }));

/**
 * Active chapters (in the order given) with the address of their page and when it last changed: the chapter's own
 * change or its events' latest (`eventsUpdatedAt`), whichever is later.
 */
export const presentActiveChapterDates = (
  chapters: { slug: string; state: string; updatedAt?: string | Date; eventsUpdatedAt?: string | Date }[],
): ActiveChapterDate[] =>
  chapters.map((c) => ({ slug: c.slug, state: normalizeState(c.state), updatedAt: latestDate(isoDate(c.updatedAt), isoDate(c.eventsUpdatedAt)) }));
