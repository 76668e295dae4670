import crypto from "node:crypto";
import type { Knex } from "knex";
import { Chapter } from "../models/Chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { Rsvp } from "../models/Rsvp";
import { isPostgres } from "../db";
import { ApiError, badRequest, notFound } from "../errors";
import { chapterName, displayTitle, normalizeState } from "../contracts/chapter";
import type { RsvpAnswer, RsvpResult, RsvpStatus } from "../contracts/rsvp";
import { timeLabel } from "../contracts/schedule";
import { chapterPolicy } from "../policies/chapter";
import type { Viewer } from "../policies/viewer";
import { nextDatesFor, occurrenceOfEventOn } from "../presenters/schedule";
import type { Occurrence } from "../schedule/engine";
import { meetupIcs } from "../calendar/meetupIcs";
import { automaticMessage, chapterLook, composeLetter, type LetterBlock } from "../mail/letter";
import { chapterContact } from "../lib/networkContact";
import type { MailMessage } from "../integrations/mail/types";
import type { Services } from "../services";

export const RSVP_LINK_INVALID = "This link is not valid. Open the chapter's page to say whether you are coming.";
export const RSVP_MEETUP_OVER = "This meetup is over: its link no longer works.";
export const RSVP_MEETUP_CANCELLED = "This meetup is cancelled: its link no longer works.";
export const NOT_AN_UPCOMING_MEETUP = "That date is not an upcoming meetup of this event";
export const EMAIL_NEEDED = "Email is required: the link to confirm your answer is sent there";

export type EventWithChapter = ChapterEvent & { chapter: Chapter };

/** What a token names: one person (their address, and the name they gave), one meetup, and their answer. */
export interface RsvpClaim {
  eventId: number;
  date: string;
  email: string;
  answer: RsvpAnswer;
  name: string;
}

const MAC_LENGTH = 32;
const macOf = (secret: string, payload: string) => crypto.createHmac("sha256", secret).update(`rsvp:${payload}`).digest("base64url").slice(0, MAC_LENGTH);

/**
 * A link's token: the claim as base64url JSON followed by its HMAC (the session secret's); nothing is stored, and
 * no dot (a page path with an extension is taken for a file). It works until the meetup ends (readRsvpLink).
 */
export function rsvpToken(secret: string, c: RsvpClaim): string {
  const payload = Buffer.from(JSON.stringify([c.eventId, c.date, c.email, c.answer, c.name])).toString("base64url");
  return payload + macOf(secret, payload);
}

/** The claim a token makes, or null for one this server did not sign. */
function claimOf(secret: string, token: string): RsvpClaim | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length <= MAC_LENGTH || token.length > 2000) return null;
  const payload = token.slice(0, -MAC_LENGTH);
  const expected = Buffer.from(macOf(secret, payload));
  const given = Buffer.from(token.slice(-MAC_LENGTH));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const [eventId, date, email, answer, name] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (
      typeof eventId !== "number" ||
      typeof date !== "string" ||
      typeof email !== "string" ||
      (answer !== "yes" && answer !== "no") ||
      typeof name !== "string"
    )
      return null;
    return { eventId, date, email, answer, name };
  } catch {
    return null;
  }
}

/** The event a slug names with its chapter, when the viewer may see the chapter (a hidden one answers 404). */
export async function loadEventForRsvp(slug: string, viewer: Viewer | null): Promise<EventWithChapter> {
  const event = await ChapterEvent.query().findOne({ slug }).withGraphFetched("chapter.chapterType");
  if (!event?.chapter || !chapterPolicy.view(viewer, event.chapter)) throw notFound("Event");
  return event as EventWithChapter;
}

/**
 * The meetup an answer is for: one of the dates the chapter's answer lists for the event (upcoming, not cancelled,
 * within its horizon). 400 otherwise.
 */
export function listedMeetup(event: EventWithChapter, date: string, now = new Date()): Occurrence {
  const listed = nextDatesFor(event, event.chapter.timeZone, now).some((d) => d.date === date);
  const occurrence = listed ? occurrenceOfEventOn(event, event.chapter.timeZone, date) : null;
  if (!occurrence) throw badRequest(NOT_AN_UPCOMING_MEETUP, "date");
  return occurrence;
}

export interface RsvpLink {
  claim: RsvpClaim;
  event: EventWithChapter;
  occurrence: Occurrence;
}

/**
 * What a link names while it still holds: 404 for a token that is not ours (or whose event or chapter is gone or
 * hidden), 410 once the meetup is over, off the event's schedule, or cancelled.
 */
export async function readRsvpLink(s: Services, token: string, now = new Date()): Promise<RsvpLink> {
  const claim = claimOf(s.config.sessionSecret, token);
  const event = claim ? await ChapterEvent.query().findById(claim.eventId).withGraphFetched("chapter.chapterType") : undefined;
  if (!claim || !event?.chapter || !chapterPolicy.view(null, event.chapter)) throw new ApiError(404, "not_found", RSVP_LINK_INVALID);
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, claim.date);
  if (!occurrence || occurrence.end.toMillis() <= now.getTime()) throw new ApiError(410, "link_expired", RSVP_MEETUP_OVER);
  if ((event.cancelledDates ?? []).some((c) => c.date === claim.date)) throw new ApiError(410, "link_expired", RSVP_MEETUP_CANCELLED);
  return { claim, event: event as EventWithChapter, occurrence };
}

/** How many are going to a meetup. */
export async function goingCount(eventId: number, date: string, trx?: Knex.Transaction): Promise<number> {
  return Rsvp.query(trx).where({ chapterEventId: eventId, date, status: "going" }).resultSize();
}

/**
 * Holds one meetup's answers for the rest of the transaction: on Postgres a transaction-scoped advisory lock named
 * for the meetup, so answers for it are counted and written one after another (different meetups do not wait);
 * SQLite has one connection, which runs one transaction at a time.
 */
async function lockMeetup(trx: Knex.Transaction, eventId: number, date: string): Promise<void> {
  if (isPostgres(trx)) await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [`rsvp:${eventId}:${date}`]);
}

/**
 * Gives free places to the waitlist, first come first served (by when each answered yes): with no capacity every
 * waitlisted person goes. Answers those promoted.
 */
async function promoteWaitlisted(trx: Knex.Transaction, event: Pick<ChapterEvent, "id" | "capacity">, date: string): Promise<Rsvp[]> {
  const waiting = Rsvp.query(trx)
    .where({ chapterEventId: event.id, date, status: "waitlisted" })
    .orderBy([{ column: "answeredAt" }, { column: "id" }]);
  if (event.capacity != null) {
    const free = event.capacity - (await goingCount(event.id, date, trx));
    if (free <= 0) return [];
    waiting.limit(free);
  }
  const promoted = await waiting;
  if (promoted.length)
    await Rsvp.query(trx)
      .patch({ status: "going" })
      .whereIn(
        "id",
        promoted.map((r) => r.id),
      );
  return promoted;
}

export interface AnswerInput {
  event: EventWithChapter;
  date: string;
  email: string;
  name: string;
  userId: number | null;
  answer: RsvpAnswer;
}

export interface AnswerOutcome extends RsvpResult {
  /** False when the answer was already standing (a second confirm): nothing was written. */
  changed: boolean;
}

/**
 * Records one person's answer to one meetup, replacing theirs: a yes is going while places remain, else waitlisted
 * (keeping its place when it already stood); a no frees the place, which goes at once to the first waitlisted
 * person, who is told by mail. Under the meetup's lock, so two answers never both take the last place.
 */
export async function answerRsvp(s: Services, input: AnswerInput, now = new Date()): Promise<AnswerOutcome> {
  const { event, date, email, answer } = input;
  const { outcome, promoted } = await s.knex.transaction(async (trx) => {
    await lockMeetup(trx, event.id, date);
    const current = await Rsvp.query(trx).findOne({ chapterEventId: event.id, date, email });
    const name = input.name || current?.name || "";
    const userId = input.userId ?? current?.userId ?? null;
    let status: RsvpStatus = "not_going";
    let promotedRows: Rsvp[] = [];
    const standing = current && current.answer === answer && (answer === "no" || current.status !== "not_going");
    if (standing) {
      if (name !== current.name || userId !== current.userId) await current.$query(trx).patch({ name, userId });
      return { outcome: { status: current.status, going: await goingCount(event.id, date, trx), changed: false }, promoted: [] };
    }
    if (answer === "yes") {
      const row = await ChapterEvent.query(trx).findById(event.id).select("capacity");
      const capacity = row?.capacity ?? null;
      status = capacity === null || (await goingCount(event.id, date, trx)) < capacity ? "going" : "waitlisted";
    }
    const fields = { name, userId, answer, status, answeredAt: now.toISOString() };
    const wasGoing = current?.status === "going";
    if (current) await current.$query(trx).patch(fields);
    else await Rsvp.query(trx).insert({ chapterEventId: event.id, date, email, ...fields, attended: false });
    if (wasGoing && status !== "going") {
      const row = await ChapterEvent.query(trx).findById(event.id).select("id", "capacity");
      promotedRows = await promoteWaitlisted(trx, row ?? event, date);
    }
    return { outcome: { status, going: await goingCount(event.id, date, trx), changed: true }, promoted: promotedRows };
  });
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, date);
  if (occurrence) {
    for (const person of promoted) await mailPlaceOpened(s, event, occurrence, person);
    if (outcome.changed && answer === "yes") await mailAnswerRecorded(s, event, occurrence, { email, name: input.name, status: outcome.status });
  }
  return outcome;
}

/**
 * After a capacity changed: each upcoming meetup's waitlist takes the places that are now free (each promoted
 * person is mailed). Run after the event's write has committed.
 */
export async function fillFreedPlaces(s: Services, event: EventWithChapter, now = new Date()): Promise<void> {
  for (const { date } of nextDatesFor(event, event.chapter.timeZone, now)) {
    const promoted = await s.knex.transaction(async (trx) => {
      await lockMeetup(trx, event.id, date);
      const row = await ChapterEvent.query(trx).findById(event.id).select("id", "capacity");
      return row ? promoteWaitlisted(trx, row, date) : [];
    });
    const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, date);
    if (occurrence) for (const person of promoted) await mailPlaceOpened(s, event, occurrence, person);
  }
}

export const MEETUP_NOT_STARTED = "Attendance can be recorded once the meetup has started";

/**
 * After a meetup (once it has started): who came. Every address listed is marked attended (one that never answered
 * is added as a yes, going); every other answer of the meetup is marked as not having come. 400 for a date that is
 * not a meetup of the event, a cancelled one, or one that has not started. Moves rsvps' read version, so the kept
 * stats and chapter health count it.
 */
export async function recordAttendance(s: Services, event: EventWithChapter, date: string, emails: string[], now = new Date()): Promise<string[]> {
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, date);
  if (!occurrence || (event.cancelledDates ?? []).some((c) => c.date === date)) throw badRequest(NOT_A_MEETUP, "date");
  if (occurrence.start.toMillis() > now.getTime()) throw badRequest(MEETUP_NOT_STARTED, "date");
  const came = [...new Set(emails)];
  await s.knex.transaction(async (trx) => {
    await lockMeetup(trx, event.id, date);
    const meetup = { chapterEventId: event.id, date };
    await Rsvp.query(trx).where(meetup).whereNotIn("email", came).patch({ attended: false });
    // The version trigger leaves out `attended` (pages show no attendance); the stats and health count it.
    await trx("read_versions").where({ name: "rsvps" }).increment("version", 1);
    if (!came.length) return;
    await Rsvp.query(trx).where(meetup).whereIn("email", came).patch({ attended: true });
    const known = new Set((await Rsvp.query(trx).where(meetup).whereIn("email", came).select("email")).map((r) => r.email));
    const at = now.toISOString();
    for (const email of came.filter((e) => !known.has(e)))
      await Rsvp.query(trx).insert({ ...meetup, email, name: "", userId: null, answer: "yes", status: "going", answeredAt: at, attended: true });
  });
  return came;
}

const NOT_A_MEETUP = "That date is not a meetup of this event";

/** "2026-12-08" -> "Tuesday, December 8". */
function dateWords(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The chapter's name as it stands alone ("Austin Drinking Liberally"). */
export const nameOfChapter = (c: Chapter) => (c.chapterType ? chapterName(c, c.chapterType.name) : displayTitle(c));
export const chapterPathOf = (c: Pick<Chapter, "state" | "slug">) => `/chapter/${encodeURIComponent(normalizeState(c.state))}/${encodeURIComponent(c.slug)}`;

export const whenOf = (event: ChapterEvent, date: string) => `${dateWords(date)}, ${timeLabel(event.startTime)}`;

/**
 * A short letter about a chapter's meetup (server/mail/letter.ts: both parts, the chapter's look), Auto-Submitted,
 * replies going to the chapter's field organizer, else the network contact.
 */
export async function meetupMail(
  s: Services,
  event: EventWithChapter,
  to: string,
  subject: string,
  greeting: string,
  blocks: LetterBlock[],
  idempotencyKey?: string,
): Promise<MailMessage> {
  const letter = composeLetter({
    subject,
    greeting,
    blocks,
    why: `You are receiving this email because this address answered a meetup of ${nameOfChapter(event.chapter)}.`,
    look: await chapterLook(event.chapter),
  });
  return automaticMessage(to, letter, (await chapterContact(s, event.chapter.id)).email, idempotencyKey);
}

/** The mail to an address that answered without signing in: the link that records it (opening it changes nothing). */
export async function mailRsvpLink(s: Services, event: EventWithChapter, claim: RsvpClaim): Promise<void> {
  const link = `${s.config.publicUrl}/rsvp/${rsvpToken(s.config.sessionSecret, claim)}`;
  const chapter = nameOfChapter(event.chapter);
  const when = whenOf(event, claim.date);
  const question = claim.answer === "yes" ? "that you are coming to" : "that you cannot make it to";
  const message = await meetupMail(s, event, claim.email, `Confirm your answer: ${event.name} on ${when}`, claim.name ? `Hi ${claim.name},` : "Hi,", [
    `Someone, hopefully you, asked to tell ${chapter} ${question} ${event.name} on ${when}. To confirm, open this link and press the button:`,
    link,
    "If you did not ask for this, ignore this email and nothing will be recorded.",
  ]);
  await s.mail.send(message);
}

/** The mail that follows a recorded "yes": where the person stands, with the meetup as an .ics attachment. */
async function mailAnswerRecorded(s: Services, event: EventWithChapter, occurrence: Occurrence, who: { email: string; name: string; status: RsvpStatus }) {
  const chapter = nameOfChapter(event.chapter);
  const url = `${s.config.publicUrl}${chapterPathOf(event.chapter)}`;
  const when = whenOf(event, occurrence.date);
  const going = who.status === "going";
  const subject = going ? `You're going: ${event.name} on ${when}` : `You're on the waitlist: ${event.name} on ${when}`;
  const message = await meetupMail(s, event, who.email, subject, who.name ? `Hi ${who.name},` : "Hi,", [
    going
      ? `You are going to ${event.name} on ${when}, with ${chapter}. The meetup is attached for your calendar.`
      : `${event.name} on ${when} is full, so you are on the waitlist. If a place opens, it is yours in the order people answered, and we will email you at once.`,
    `The chapter's page: ${url}`,
    "Can't make it after all? Answer again from the chapter's page.",
  ]);
  await s.mail.send({
    ...message,
    attachments: [
      { filename: "meetup.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: meetupIcs({ event, occurrence, title: chapter, url }) },
    ],
  });
}

/** The mail to the first waitlisted person when a place opened: they are going now. */
async function mailPlaceOpened(s: Services, event: EventWithChapter, occurrence: Occurrence, person: Rsvp): Promise<void> {
  const chapter = nameOfChapter(event.chapter);
  const url = `${s.config.publicUrl}${chapterPathOf(event.chapter)}`;
  const when = whenOf(event, occurrence.date);
  const message = await meetupMail(s, event, person.email, `A place opened: ${event.name} on ${when}`, person.name ? `Hi ${person.name},` : "Hi,", [
    `A place opened at ${event.name} on ${when}, and it is yours: you are going, with ${chapter}. The meetup is attached for your calendar.`,
    `The chapter's page: ${url}`,
    "Can't make it after all? Answer again from the chapter's page, so the next person gets the place.",
  ]);
  await s.mail.send({
    ...message,
    attachments: [
      { filename: "meetup.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: meetupIcs({ event, occurrence, title: chapter, url }) },
    ],
  });
}
