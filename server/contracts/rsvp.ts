import { z } from "zod";
import { emailSchema, isIsoDate } from "./fields";
import { singleLine } from "./text";
import type { ChapterEventInfo } from "./chapter";

/** Who's coming (issue 42, docs/decisions/109-whos-coming.md): shapes shared by the server and the UI. */

export const RSVP_ANSWERS = ["yes", "no"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STATUSES = ["going", "waitlisted", "not_going"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** The form post of the chapter page's "I'm coming" without JavaScript (server/web/rsvpForm.ts). */
export const RSVP_FORM_PATH = "/rsvp_form";

const eventSlug = singleLine(z.string({ error: "slug is required" }).trim().min(1, "slug is required").max(160, "slug must be at most 160 characters"), "slug");
const meetupDate = z.string({ error: "date is required (YYYY-MM-DD)" }).trim().refine(isIsoDate, "date must be a real date in the form YYYY-MM-DD");
const answerField = z.enum(RSVP_ANSWERS, { error: 'answer must be "yes" or "no"' });
const nameField = singleLine(z.string({ error: "Name must be text" }).trim().max(200, "Name must be at most 200 characters"), "Name");

/** POST /api/rsvp: { slug, date, answer, email?, name? } (email is required when not signed in). */
export const rsvpBodySchema = z.object({
  slug: eventSlug,
  date: meetupDate,
  answer: answerField,
  email: z.preprocess((v) => (v === "" || v === null ? undefined : v), emailSchema.optional()),
  name: z.preprocess((v) => (v === null ? undefined : v), nameField.optional()),
});
export type RsvpBody = z.infer<typeof rsvpBodySchema>;

const tokenField = z
  .string({ error: "token must be the code from the email" })
  .trim()
  .min(1, "token must be the code from the email")
  .max(2000, "token must be the code from the email");

/** POST /api/rsvp/confirm: { token } from the link in the email. */
export const rsvpConfirmSchema = z.object({ token: tokenField });

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
