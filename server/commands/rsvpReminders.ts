import type { Knex } from "knex";
import { DateTime } from "luxon";
import { ChapterEvent } from "../models/ChapterEvent";
import { Rsvp } from "../models/Rsvp";
import { EmailSettings } from "../models/EmailSettings";
import { chapterPolicy } from "../policies/chapter";
import { occurrenceOfEventOn } from "../presenters/schedule";
import type { Services } from "../services";
import { chapterPathOf, meetupMail, nameOfChapter, rsvpToken, whenOf, type EventWithChapter } from "./rsvps";

/** How many hours before a meetup the people going are reminded of it, unless General Settings say otherwise. */
const DEFAULT_REMINDER_HOURS = 24;

/** How many hours before a meetup the people going are reminded (0: never). */
export async function reminderHours(): Promise<number> {
  const row = await EmailSettings.query().findById(1);
  return row?.rsvpReminderHours ?? DEFAULT_REMINDER_HOURS;
}

const greetingOf = (person: Pick<Rsvp, "name">) => (person.name ? `Hi ${person.name},` : "Hi,");

/** The signed link that answers "no" for one person going to one meetup (the /rsvp/{token} page and its button). */
function cantMakeItLink(s: Services, event: ChapterEvent, person: Rsvp): string {
  const token = rsvpToken(s.config.sessionSecret, { eventId: event.id, date: person.date, email: person.email, answer: "no", name: person.name });
  return `${s.config.publicUrl}/rsvp/${token}`;
}

export const JOB_RSVP_REMINDER_MAIL = "rsvps.reminderMail";

/**
 * One pass of the reminders, run by the hosts' meetup confirmation sweep: everyone going to a meetup that starts
 * within the reminder hours of General Settings (of a chapter visitors can see, not cancelled) gets one reminder
 * with a "Can't make it" link. Each row is claimed by setting reminded_at where it is still null, in the
 * transaction that queues its mail, so whichever process sweeps, a person is reminded once (and a mail that fails
 * is tried again by the job queue). Someone whose yes came after the window opened is not reminded: the mail saying
 * they are going has just told them. Returns the number of reminders queued.
 */
export async function sweepRsvpReminders(s: Services, now = new Date()): Promise<number> {
  const hours = await reminderHours();
  if (hours <= 0) return 0;
  const until = now.getTime() + hours * 3600_000;
  // Meetup dates are days in each chapter's zone: a day either side of the window covers every zone.
  const from = DateTime.fromJSDate(now, { zone: "utc" }).minus({ days: 1 }).toISODate()!;
  const to = DateTime.fromMillis(until, { zone: "utc" }).plus({ days: 1 }).toISODate()!;
  const meetups = await Rsvp.query().where({ status: "going" }).whereNull("remindedAt").whereBetween("date", [from, to]).distinct("chapterEventId", "date");
  if (!meetups.length) return 0;
  const events = await ChapterEvent.query()
    .findByIds([...new Set(meetups.map((m) => m.chapterEventId))])
    .withGraphFetched("chapter");
  const byId = new Map(events.map((e) => [e.id, e]));
  let queued = 0;
  for (const { chapterEventId, date } of meetups) {
    const event = byId.get(chapterEventId);
    if (!event?.chapter || !chapterPolicy.view(null, event.chapter)) continue;
    if ((event.cancelledDates ?? []).some((c) => c.date === date)) continue;
    const start = occurrenceOfEventOn(event, event.chapter.timeZone, date)?.start.toMillis() ?? 0;
    if (start <= now.getTime() || start > until) continue;
    const windowOpened = new Date(start - hours * 3600_000).toISOString();
    const due = await Rsvp.query()
      .where({ chapterEventId, date, status: "going" })
      .whereNull("remindedAt")
      .where("answeredAt", "<=", windowOpened)
      .select("id")
      .orderBy("id");
    for (const { id } of due) {
      await s.knex.transaction(async (trx) => {
        const claimed = await Rsvp.query(trx).patch({ remindedAt: now.toISOString() }).where({ id, status: "going" }).whereNull("remindedAt");
        if (!claimed) return;
        await s.jobs.enqueue(JOB_RSVP_REMINDER_MAIL, { rsvpId: id }, { trx });
        queued++;
      });
    }
  }
  return queued;
}

/**
 * The job: the reminder to one person going, when and where, with the link that gives their place up. Nothing when,
 * by the time it runs, they no longer go, or the meetup was cancelled or has started (the link would not work).
 */
export async function mailRsvpReminder(s: Services, p: { rsvpId: number }, now = new Date()): Promise<void> {
  const person = await Rsvp.query().findById(p.rsvpId);
  if (!person || person.status !== "going") return;
  const found = await ChapterEvent.query().findById(person.chapterEventId).withGraphFetched("chapter.chapterType");
  if (!found?.chapter || !chapterPolicy.view(null, found.chapter)) return;
  const event = found as EventWithChapter;
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, person.date);
  if (!occurrence || occurrence.start.toMillis() <= now.getTime() || (event.cancelledDates ?? []).some((c) => c.date === person.date)) return;
  const when = whenOf(event, person.date);
  const message = await meetupMail(
    s,
    event,
    person.email,
    `Reminder: ${event.name} on ${when}`,
    greetingOf(person),
    [
      `See you at ${event.name} on ${when}, with ${nameOfChapter(event.chapter)}.`,
      `The chapter's page: ${s.config.publicUrl}${chapterPathOf(event.chapter)}`,
      "Can't make it after all? Say so with this link, so your place goes to someone else:",
      { label: "Can't make it", link: cantMakeItLink(s, event, person) },
    ],
    `rsvp-reminder-${person.id}`,
  );
  await s.mail.send(message);
}

/** Everyone going to or waiting for one meetup. */
const answeredYes = (eventId: number, date: string) =>
  Rsvp.query().where({ chapterEventId: eventId, date }).whereIn("status", ["going", "waitlisted"]).orderBy("id");

export const JOB_RSVP_MEETUP_CHANGED = "rsvps.meetupChanged";

/** A meetup that was cancelled or put back on; `sequence` is the event's after the change (one mail per change). */
export interface MeetupChange {
  eventId: number;
  date: string;
  change: "cancelled" | "back_on";
  sequence: number;
}

/**
 * Queues, in the transaction that cancels a meetup or puts it back on, the mails to everyone going or waitlisted:
 * they go only if the change commits, whether or not the host emails the list, and a failed send is tried again.
 */
export async function queueMeetupChangeMails(s: Services, change: MeetupChange, trx: Knex.Transaction): Promise<void> {
  await s.jobs.enqueue(JOB_RSVP_MEETUP_CHANGED, { ...change }, { trx });
}

/**
 * The job: tells everyone going or waitlisted that the meetup is cancelled (with the host's note) or on after all
 * (with where they stand: their answers stay through a cancellation). Nothing when the date has changed again
 * since: the later change's own job tells them.
 */
export async function mailMeetupChange(s: Services, p: MeetupChange): Promise<void> {
  const found = await ChapterEvent.query().findById(p.eventId).withGraphFetched("chapter.chapterType");
  if (!found?.chapter) return;
  const event = found as EventWithChapter;
  const cancelled = (event.cancelledDates ?? []).find((c) => c.date === p.date);
  if ((p.change === "cancelled") !== Boolean(cancelled)) return;
  const when = whenOf(event, p.date);
  const chapterName = nameOfChapter(event.chapter);
  const page = `The chapter's page: ${s.config.publicUrl}${chapterPathOf(event.chapter)}`;
  for (const person of await answeredYes(event.id, p.date)) {
    const key = `rsvp-${p.change}-${person.id}-${p.sequence}`;
    const message = cancelled
      ? await meetupMail(
          s,
          event,
          person.email,
          `Cancelled: ${event.name} on ${when}`,
          greetingOf(person),
          [
            `${event.name} on ${when}, with ${chapterName}, is cancelled. You answered that you were coming, so we wanted you to know.`,
            ...(cancelled.note ? [`The host's note: ${cancelled.note}`] : []),
            `The next meetups are on the chapter's page: ${s.config.publicUrl}${chapterPathOf(event.chapter)}`,
          ],
          key,
        )
      : await meetupMail(
          s,
          event,
          person.email,
          `Back on: ${event.name} on ${when}`,
          greetingOf(person),
          [
            `Good news: ${event.name} on ${when}, with ${chapterName}, is on after all.`,
            person.status === "going" ? "Your answer stands: you are going." : "Your answer stands: you are on the waitlist, in the same place.",
            page,
          ],
          key,
        );
    await s.mail.send(message);
  }
}
