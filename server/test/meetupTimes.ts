import { DateTime } from "luxon";

/**
 * A meetup of a chapter in `zone` that started three hours ago and ended an hour ago (today's, or last night's
 * when it is early morning there): its date, and the weekly schedule it is a meetup of (weekday, 0 = Sunday, and
 * start and end times, "HH:mm"). Over, though it started less than 12 hours ago.
 */
export function meetupEndedAnHourAgo(zone: string) {
  const now = DateTime.now().setZone(zone);
  const start = now.minus({ hours: 3 });
  return {
    date: start.toISODate()!,
    weekly: {
      dayOfWeekIndex: start.weekday % 7,
      weeksOfMonthIndexes: "0",
      startTime: start.toFormat("HH:mm"),
      endTime: now.minus({ hours: 1 }).toFormat("HH:mm"),
    },
  };
}
