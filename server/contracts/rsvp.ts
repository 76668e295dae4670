import type { ChapterEventInfo } from "./chapter";

/**
 * Who's coming (issue 42, docs/decisions/109-whos-coming.md): shapes shared by the server and the UI, without zod
 * (the chapter page's island reads this file; the request schemas are in rsvpRequests.ts).
 */

export const RSVP_ANSWERS = ["yes", "no"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STATUSES = ["going", "waitlisted", "not_going"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** The form post of the chapter page's "I'm coming" without JavaScript (server/web/rsvpForm.ts). */
export const RSVP_FORM_PATH = "/rsvp_form";

/** POST /api/rsvp (signed in) and POST /api/rsvp/confirm: where the answer stands and how many are going. */
export interface RsvpResult {
  status: RsvpStatus;
  going: number;
}

/** POST /api/rsvp without an account: a link went to the address. */
export interface RsvpPending {
  status: "pending";
}

/** GET /api/rsvp_link/{token}: what an email's link names, for the page it opens (reading changes nothing). */
export interface RsvpLinkInfo {
  chapterTitle: string;
  /** The chapter page's path, e.g. /chapter/tx/austin. */
  chapterPath: string;
  event: ChapterEventInfo;
  /** The meetup's date, "YYYY-MM-DD" in the chapter's zone. */
  date: string;
  /** The meetup's start and end (ISO, with the chapter's offset). */
  start: string;
  end: string;
  email: string;
  answer: RsvpAnswer;
  /** Where this address's answer stands now (null: none yet). */
  status: RsvpStatus | null;
  going: number;
}

export interface RsvpPerson {
  name: string;
  email: string;
}

/** GET /api/rsvp/{eventSlug}/{date}: who answered, for the chapter's hosts, field organizers and admins. */
export interface RsvpList {
  going: RsvpPerson[];
  /** In the order they will be given a place. */
  waitlisted: RsvpPerson[];
  notGoing: RsvpPerson[];
}

/** What the chapter page's plain form post answered, carried back to the page (server/web/formResult.ts). */
export interface RsvpFormResult {
  eventSlug: string;
  date: string;
  ok: boolean;
  /** "pending" when a link went by mail. */
  status?: RsvpStatus | "pending";
  message?: string;
}
