/** Chapter stats (issue 32 item 1): shapes of /api/chapter_stats shared by server and UI. No Node imports here. */
import { z } from "zod";
import { STATES } from "./chapter";

/** How many months every answer holds: the current one last. */
export const STATS_MONTHS = 12;

/** One month of a chapter (or of the network). What each number counts is in docs/decisions.md "Chapter stats". */
export interface StatsMonth {
  /** "YYYY-MM": the chapter's zone for a chapter, UTC for the network. */
  month: string;
  /** List members at the end of the month (now, for the current month). */
  members: number;
  joined: number;
  left: number;
  /** List emails hosts sent. */
  emailsSent: number;
  /** Scheduled meetups in the month that were not cancelled and have started. */
  meetupsHeld: number;
  meetupsCancelled: number;
  /** Meetups in the month a host said were on (and were not cancelled). */
  meetupsConfirmed: number;
  /** "Yes" answers (going or waitlisted, at the time they stand) to the meetups dated in the month. */
  rsvps: number;
  /** People a host marked as having come to the meetups dated in the month. */
  attended: number;
}

export interface ChapterStats {
  /** Oldest first, always STATS_MONTHS of them. */
  months: StatsMonth[];
}

export const STATS_FIELDS = ["members", "joined", "left", "emailsSent", "meetupsHeld", "meetupsCancelled", "meetupsConfirmed", "rsvps", "attended"] as const;
export type StatsField = (typeof STATS_FIELDS)[number];

export const STATS_LABELS: Record<StatsField, string> = {
  members: "Members",
  joined: "Joined",
  left: "Left",
  emailsSent: "Emails sent",
  meetupsHeld: "Meetups held",
  meetupsCancelled: "Meetups cancelled",
  meetupsConfirmed: "Meetups confirmed",
  rsvps: "Answered yes",
  attended: "Came",
};

/** GET /api/chapter_stats/network: one state's chapters (its two-letter abbreviation), or every chapter in view. */
export const networkStatsQuerySchema = z.object({
  state: z
    .string({ error: "state must be a two-letter state abbreviation" })
    .trim()
    .toLowerCase()
    .refine((s) => s === "" || (s.length === 2 && s in STATES), "state must be a two-letter state abbreviation")
    .default(""),
});
