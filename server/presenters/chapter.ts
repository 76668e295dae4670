import type { ChapterDetail, ChapterEventInfo, ChapterSummary } from "../contracts/chapter";
import { displayTitle, normalizeState } from "../contracts/chapter";
import { ROLE_FIELD_ORGANIZER, ROLE_NAMES } from "../contracts/roles";
import type { ReviveContact } from "../contracts/chapterRevive";
import { SITE_NAME } from "../contracts/pageHead";
import type { Chapter } from "../models/Chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import { chapterAbilities } from "../policies/chapter";
import type { Viewer } from "../policies/viewer";
import { renderRichText } from "../lib/richText";
import { cancelledDatesFor, confirmedDatesFor, isUpcomingEvent, nextDatesFor } from "./schedule";

export function presentChapterSummary(c: Chapter): ChapterSummary {
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    displayTitle: displayTitle(c),
    city: c.city,
    state: normalizeState(c.state),
    status: c.status,
    chapterTypeId: c.chapterTypeId,
    chapterType: c.chapterType
      ? { id: c.chapterType.id, name: c.chapterType.name, hexColor: c.chapterType.hexColor }
      : { id: c.chapterTypeId, name: "", hexColor: "#888888" },
  };
}

export function presentEvent(e: ChapterEvent, timeZone: string, now = new Date()): ChapterEventInfo {
  const weeks = e.weeksOfMonthIndexes ? e.weeksOfMonthIndexes.split(",").filter(Boolean).map(Number) : [];
  return {
    id: e.id,
    chapterId: e.chapterId,
    slug: e.slug,
    name: e.name,
    description: e.description,
    address1: e.address1,
    address2: e.address2,
    city: e.city,
    state: e.state,
    postalCode: e.postalCode,
    country: e.country,
    lat: e.lat,
    lng: e.lng,
    startTime: e.startTime,
    endTime: e.endTime,
    isSingleDate: e.isSingleDate,
    singleDate: e.singleDate,
    dayOfWeekIndex: e.dayOfWeekIndex,
    weeksOfMonthIndexes: e.weeksOfMonthIndexes,
    weeksOfMonthIndexesArray: weeks,
    nextDates: nextDatesFor(e, timeZone, now),
    cancelledDates: cancelledDatesFor(e, timeZone, now),
    confirmedDates: confirmedDatesFor(e, timeZone, now),
    capacity: e.capacity ?? null,
    updatedAt: e.updatedAt!,
  };
}

/**
 * A chapter's upcoming events as public pages show them (past single dates left out), by id. Load them with the
 * `mayBeUpcoming` modifier so past rows never leave the database; this drops the last day or two exactly.
 */
export function presentUpcomingEvents(events: ChapterEvent[] | undefined, timeZone: string, now = new Date()): ChapterEventInfo[] {
  return (events ?? [])
    .filter((e) => isUpcomingEvent(e, timeZone, now))
    .sort((a, b) => a.id - b.id)
    .map((e) => presentEvent(e, timeZone, now));
}

/** The chapter's field organizer people write to about it (the longest-serving one), if it has one. */
export function fieldOrganizerOf(c: Chapter) {
  return [...(c.permissions ?? [])]
    .filter((p) => p.roleId === ROLE_FIELD_ORGANIZER && p.user)
    .sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || a.id - b.id)[0]?.user;
}

/** Whom a hidden chapter's revive form writes to, by name: its field organizer, else the network. */
export function reviveContactOf(c: Chapter): ReviveContact {
  const organizer = fieldOrganizerOf(c);
  return organizer ? { kind: "field_organizer", name: organizer.name } : { kind: "network", name: SITE_NAME };
}

/** Relations a chapter detail needs; load with withGraphFetched(CHAPTER_DETAIL_GRAPH). */
export const CHAPTER_DETAIL_GRAPH = "[chapterType, chapterEvents(mayBeUpcoming), chapterLinks, permissions.[user]]";

/**
 * The chapter as the viewer may see it. Without view access (an inactive chapter, no host access)
 * only the summary goes out and `restricted` is true. Host emails only for host access.
 */
export function presentChapter(
  c: Chapter,
  viewer: Viewer | null,
  extra: { lastBlogPostDate?: string | null; headerImage?: string | null } = {},
  now = new Date(),
): ChapterDetail {
  const abilities = chapterAbilities(viewer, c);
  const summary = presentChapterSummary(c);
  const domain = c.chapterType?.emailDomain ?? "";
  const base = {
    ...summary,
    restricted: !abilities.view,
    // What a hidden chapter's page offers visitors: a note to whoever can help it meet again.
    reviveContact: abilities.view ? null : reviveContactOf(c),
    postalCode: "",
    country: "",
    emailAlias: "",
    emailDomain: domain,
    contactEmail: "",
    about: "",
    aboutHtml: "",
    timeZone: c.timeZone,
    brontoListName: "",
    brontoListId: "",
    sendInBlueListId: "",
    lastBlogPostDate: null,
    headerImage: null,
    hosts: [],
    chapterEvents: [],
    chapterLinks: [],
    abilities,
  };
  if (!abilities.view) return base;
  const showEmails = abilities.host;
  return {
    ...base,
    postalCode: c.postalCode,
    country: c.country,
    emailAlias: c.emailAlias,
    contactEmail: c.emailAlias && domain ? `${c.emailAlias}@${domain}` : "",
    about: c.about,
    aboutHtml: renderRichText(c.about),
    brontoListName: showEmails ? c.brontoListName : "",
    brontoListId: c.brontoListId,
    sendInBlueListId: c.sendInBlueListId,
    lastBlogPostDate: extra.lastBlogPostDate ?? null,
    headerImage: extra.headerImage ?? null,
    hosts: (c.permissions ?? [])
      .filter((p) => p.roleId === 2 || p.roleId === 3)
      .sort((a, b) => a.roleId - b.roleId || (a.createdAt ?? "").localeCompare(b.createdAt ?? ""))
      .map((p) => ({
        permissionId: p.id,
        roleId: p.roleId,
        roleName: ROLE_NAMES[p.roleId],
        user: { id: p.user!.id, name: p.user!.name, ...(showEmails ? { email: p.user!.email } : {}) },
        createdAt: p.createdAt!,
      })),
    chapterEvents: presentUpcomingEvents(c.chapterEvents, c.timeZone, now),
    chapterLinks: [...(c.chapterLinks ?? [])].sort((a, b) => a.position - b.position || a.id - b.id).map((l) => ({ id: l.id, title: l.title, url: l.url })),
  };
}
