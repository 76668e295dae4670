import { DateTime } from "luxon";

/**
 * A meetup of a chapter in `zone` that starts `startHours` from now and ends `endHours` from now (negative: ago),
 * rounded down to the minute: its date (the day it starts, there) and the weekly schedule it is a meetup of
 * (weekday, 0 = Sunday; start and end times, "HH:mm"). For a meetup that ended an hour ago though it started
 * less than 12 hours ago (-3, -1), or one under way (-1, 1), at any time of day.
 */
export function meetupHoursFromNow(zone: string, startHours: number, endHours: number) {
  const now = DateTime.now().setZone(zone);
  const start = now.plus({ hours: startHours });
  return {
    date: start.toISODate()!,
    weekly: {
      dayOfWeekIndex: start.weekday % 7,
      weeksOfMonthIndexes: "0",
      startTime: start.toFormat("HH:mm"),
      endTime: now.plus({ hours: endHours }).toFormat("HH:mm"),
    },
  };
}
