/** Chapter health (issue 16): shapes of /api/chapter_health shared by server and UI. No Node imports here. */
import { z } from "zod";
import { displayTitle, STATES } from "./chapter";

export const HEALTH_STATES = ["active", "at_risk", "dormant"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** Health's words, none of them a status's ("Active" and "Hidden" are chapterStatusLabel's): a healthy chapter may be hidden. */
export const HEALTH_LABELS: Record<HealthState, string> = { active: "Healthy", at_risk: "At risk", dormant: "Dormant" };

/** The network's policy (start-a-chapter screens): no email for 6 weeks is at risk, 8 weeks dormant. */
export const DEFAULT_HEALTH_SETTINGS = { atRiskAfterDays: 42, dormantAfterDays: 56 } as const;

export interface ChapterHealthSettings {
  atRiskAfterDays: number;
  dormantAfterDays: number;
}

const days = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of days` })
    .int(`${name} must be a whole number of days`)
    .min(1, `${name} must be at least 1 day`)
    .max(3650, `${name} must be at most 3650 days`);

export const healthSettingsSchema = z
  .object({ atRiskAfterDays: days("atRiskAfterDays"), dormantAfterDays: days("dormantAfterDays") })
  .refine((s) => s.dormantAfterDays > s.atRiskAfterDays, { message: "dormantAfterDays must be greater than atRiskAfterDays", path: ["dormantAfterDays"] });

/**
 * What a chapter's silence is counted from: its last list email, its founding, when it was brought back, or the
 * start of its last meetup a host recorded attendance for (docs/decisions/109-whos-coming.md).
 */
export const SILENCE_STARTS = ["last_email", "founded", "brought_back", "attended_meetup"] as const;
export type SilenceStart = (typeof SILENCE_STARTS)[number];

const SILENCE_WORDS: Record<SilenceStart, string> = {
  last_email: "the last email",
  founded: "founded",
  brought_back: "brought back",
  attended_meetup: "the last meetup with attendance",
};

/** "since the last email on Oct 14, 2026", "since founded on 2024-03-02": `date` as the caller writes dates. */
export const silenceStartText = (from: SilenceStart, date: string): string => `since ${SILENCE_WORDS[from]} on ${date}`;

export interface ChapterHealthRow {
  chapterId: number;
  slug: string;
  title: string;
  /** The chapter's state (US state abbreviation, lower case, "int" for International). */
  state: string;
  /** Chapter status: 1 active (on the map), 0 hidden. */
  status: number;
  health: HealthState;
  /** The chapter's last email to its list (its newest chapter post). */
  lastEmailAt: string | null;
  /** When the silence being counted began: the last email, or the chapter's creation or re-enabling if later (days silent: from here to the list's `at`). */
  countedFrom: string;
  /** Which of those `countedFrom` is. */
  silenceFrom: SilenceStart;
  /** The chapter's time zone: the table and its CSV show its dates as local dates there. */
  timeZone: string;
  lastMeetupAt: string | null;
  nextMeetupAt: string | null;
  /** The date ("YYYY-MM-DD", the chapter's zone) of the last meetup a host confirmed; null when none was. */
  lastConfirmedMeetup: string | null;
  /** Members on the list now (active, onboarding, unconfirmed or transactional) and the change over 30 days. */
  members: number;
  growth30d: number;
  hosts: string[];
  pinnedActive: boolean;
  pinNote: string;
  /** Whether the rule took the chapter off the map (a list email or an admin brings it back). */
  dormantByRule: boolean;
}

export interface ChapterHealthList {
  settings: ChapterHealthSettings;
  counts: Record<HealthState, number>;
  /** Computed at this instant. */
  at: string;
  rows: ChapterHealthRow[];
}

/** The health table's columns it can be sorted by ("silence": days silent; "health": at risk, dormant, active). */
const HEALTH_SORT_KEYS = ["health", "title", "lastEmailAt", "silence", "lastMeetupAt", "nextMeetupAt", "lastConfirmedMeetup", "members", "growth30d"] as const;
export type HealthSortKey = (typeof HEALTH_SORT_KEYS)[number];

/** Rows of the table a page (the Dashboard and My Chapters). */
export const HEALTH_TABLE_PAGE_SIZE = 100;
/** Rows of GET /api/chapter_health a page, by default and at most (about 400 bytes a row: 200 kB a page). */
export const HEALTH_LIST_PAGE_SIZE = 500;

/** What the table screen asks for: one state or all, a search, a column to sort by, and a page. */
export interface ChapterHealthQuery {
  health?: HealthState | "all";
  /** One US state's chapters (its abbreviation, "int" for International). */
  state?: string;
  /** Part of the chapter's title, slug or state abbreviation, case-insensitive. */
  q?: string;
  sort?: HealthSortKey;
  order?: "asc" | "desc";
  page?: number;
  limit?: number;
}

/** /api/chapter_health/summary: one page of the table, with the counts per state of every chapter in view. */
export interface ChapterHealthPage extends ChapterHealthList {
  /** Chapters in view (every chapter for admins, a field organizer's own). */
  total: number;
  /** Chapters matching the state filter and the search: what the pages go through. */
  matching: number;
  page: number;
  limit: number;
  /** Every state with chapters in view, and how many of them are in each health state. */
  byState: StateHealthCount[];
}

export interface StateHealthCount extends Record<HealthState, number> {
  state: string;
}

const oneOf = <T extends readonly [string, ...string[]]>(values: T, name: string) => z.enum(values, { error: `${name} must be one of ${values.join(", ")}` });

export const healthQuerySchema = z.object({
  health: oneOf(["all", ...HEALTH_STATES] as const, "health").default("all"),
  state: z
    .string({ error: "state must be a state abbreviation" })
    .trim()
    .toLowerCase()
    .refine((s) => s === "" || s in STATES, "state must be a state abbreviation")
    .default(""),
  q: z.string({ error: "q must be text" }).trim().max(100, "q must be at most 100 characters").default(""),
  sort: oneOf(HEALTH_SORT_KEYS, "sort").default("health"),
  order: oneOf(["asc", "desc"] as const, "order").default("asc"),
});

const pinFields = z.object({
  chapterId: z
    .number({ error: "chapterId must be a positive whole number" })
    .int("chapterId must be a positive whole number")
    .min(1, "chapterId must be a positive whole number")
    .max(2147483647, "chapterId must be a positive whole number"),
  pinned: z.boolean({ error: "pinned must be true or false" }),
  note: z.string({ error: "note must be text" }).trim().max(500, "note must be at most 500 characters").default(""),
});

/** An admin pins a chapter active, always with a note saying why (or unpins it). */
export const pinSchema = pinFields.refine((p) => !p.pinned || p.note.length > 0, { message: "A note is required to pin a chapter active", path: ["note"] });

export const reactivateSchema = pinFields.pick({ chapterId: true, note: true });

/** The at-risk notice, in whole weeks when the threshold is (6 weeks), else in days. */
export function silenceText(days: number): string {
  if (days % 7 === 0) return `${days / 7} week${days === 7 ? "" : "s"}`;
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** The at-risk activity item's title: it names the chapter, as the network's Recent Activity lists every chapter's. */
export const atRiskTitle = (chapter: { title: string; city: string }, days: number) =>
  `${displayTitle(chapter)} has not emailed its list for ${silenceText(days)}: at risk`;

/** Whole days of silence of a row at an instant (the list's `at`). */
export const silentDaysOf = (row: Pick<ChapterHealthRow, "countedFrom">, at: string): number =>
  Math.max(0, Math.floor((Date.parse(at) - Date.parse(row.countedFrom)) / 86_400_000));
