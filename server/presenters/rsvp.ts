import type { ChapterEventInfo } from "../contracts/chapter";
import type { RsvpList, RsvpStatus } from "../contracts/rsvp";
import { Rsvp } from "../models/Rsvp";

/**
 * The counts beside each listed date: `going` always, `capacity` and `waitlisted` when the event has a capacity.
 * One grouped query over the chapter's listed meetups (by event, date and status, from the meetup's index).
 */
export async function withMeetupCounts(events: ChapterEventInfo[]): Promise<ChapterEventInfo[]> {
  const listed = events.filter((e) => e.nextDates.length);
  const counts = new Map<string, number>();
  if (listed.length) {
    const dates = [...new Set(listed.flatMap((e) => e.nextDates.map((d) => d.date)))];
    const rows = (await Rsvp.query()
      .whereIn(
        "chapterEventId",
        listed.map((e) => e.id),
      )
      .whereIn("date", dates)
      .whereIn("status", ["going", "waitlisted"])
      .groupBy("chapterEventId", "date", "status")
      .select("chapterEventId", "date", "status")
      .count("* as n")) as unknown as { chapterEventId: number; date: string; status: RsvpStatus; n: number | string }[];
    for (const r of rows) counts.set(`${r.chapterEventId}:${r.date}:${r.status}`, Number(r.n));
  }
  const count = (e: ChapterEventInfo, date: string, status: RsvpStatus) => counts.get(`${e.id}:${date}:${status}`) ?? 0;
  return events.map((e) => ({
    ...e,
    nextDates: e.nextDates.map((d) => ({
      ...d,
      going: count(e, d.date, "going"),
      ...(e.capacity == null ? {} : { capacity: e.capacity, waitlisted: count(e, d.date, "waitlisted") }),
    })),
  }));
}

/** Who answered, for hosts: going and not going by name, the waitlist in the order places will be given. */
export function presentRsvpList(rows: Rsvp[]): RsvpList {
  const sorted = [...rows].sort((a, b) => a.answeredAt.localeCompare(b.answeredAt) || a.id - b.id);
  const people = (status: RsvpStatus) => sorted.filter((r) => r.status === status).map((r) => ({ name: r.name, email: r.email }));
  return { going: people("going"), waitlisted: people("waitlisted"), notGoing: people("not_going") };
}
