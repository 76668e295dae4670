/**
 * Two independent readers of calendar feeds, for tests: ical.js (the parser Thunderbird is built on) and
 * node-ical (its own parser, with rrule-temporal expanding RRULE, EXDATE and RECURRENCE-ID). Each gives every
 * meetup of every VEVENT as instants, the way a calendar program subscribed to the feed would show them.
 */
import ICAL from "ical.js";
import nodeIcal from "node-ical";

export interface ParsedMeetup {
  uid: string;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
}

/** ical.js: each VTIMEZONE registered, each VEVENT expanded (RECURRENCE-ID overrides related to their rule), up to `until` (ms). */
export function expandWithIcalJs(text: string, until: number): ParsedMeetup[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown as any[]);
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const rules = new Map<string, ICAL.Event>();
  for (const vevent of vevents) if (!vevent.hasProperty("recurrence-id")) rules.set(String(vevent.getFirstPropertyValue("uid")), new ICAL.Event(vevent));
  const events = [...rules.values()];
  for (const vevent of vevents) {
    if (!vevent.hasProperty("recurrence-id")) continue;
    const rule = rules.get(String(vevent.getFirstPropertyValue("uid")));
    if (rule) rule.relateException(vevent);
    else events.push(new ICAL.Event(vevent));
  }
  const found: ParsedMeetup[] = [];
  for (const event of events) {
    if (!event.isRecurring()) {
      found.push({ uid: event.uid, start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime() });
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate().getTime();
      if (start > until) break;
      found.push({ uid: event.uid, start, end: details.endDate.toJSDate().getTime() });
    }
  }
  return found;
}

/** node-ical: every VEVENT expanded by expandRecurringEvent between two instants (ms). */
export function expandWithNodeIcal(text: string, from: number, to: number): ParsedMeetup[] {
  const found: ParsedMeetup[] = [];
  const range = { from: new Date(from), to: new Date(to) };
  for (const component of Object.values(nodeIcal.sync.parseICS(text))) {
    if (component?.type !== "VEVENT") continue;
    for (const instance of nodeIcal.expandRecurringEvent(component, range)) {
      found.push({ uid: component.uid, start: instance.start.getTime(), end: instance.end.getTime() });
    }
  }
  return found;
}
