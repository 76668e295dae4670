import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { vtimezoneOf } from "../calendar/vtimezone";
import { STATES } from "../contracts/chapter";
import { defaultTimeZone, isAllowedTimeZone, STATE_TIME_ZONES, TIME_ZONES } from "../contracts/timeZones";
import { atWallClock, isValidTimeZone, luxonZone, wallClockKind } from "./engine";
import { clockChangesBetween } from "./clockChanges";
import type { RememberingZone } from "./fastZone";
import { timeZoneSchema } from "./timeZone";
import { parse } from "../lib/validate";

describe("default zone from the state", () => {
  it("covers every state of the list: the 50 states, dc and pr map to an allowed zone", () => {
    const keys = Object.keys(STATES).filter((s) => s !== "int");
    expect(keys).toHaveLength(52);
    for (const s of keys) {
      expect(STATE_TIME_ZONES[s], s).toBeDefined();
      expect(isAllowedTimeZone(defaultTimeZone(s)), s).toBe(true);
    }
  });

  it.each([
    ["ny", null, "America/New_York"],
    ["NY", null, "America/New_York"],
    ["il", null, "America/Chicago"],
    ["az", null, "America/Phoenix"],
    ["ca", null, "America/Los_Angeles"],
    ["hi", null, "Pacific/Honolulu"],
    ["ak", null, "America/Anchorage"],
    ["pr", null, "America/Puerto_Rico"],
    ["dc", null, "America/New_York"],
    ["int", "United Kingdom", "Europe/London"],
    ["", "Japan", "Asia/Tokyo"],
    ["int", "Atlantis", "UTC"],
    [null, null, "UTC"],
  ] as [string | null, string | null, string][])("%s / %s -> %s", (state, country, zone) => {
    expect(defaultTimeZone(state, country)).toBe(zone);
  });
});

describe("the allowed zones", () => {
  it("are unique and known to the engine", () => {
    expect(new Set(TIME_ZONES.map((z) => z.zone)).size).toBe(TIME_ZONES.length);
    for (const { zone } of TIME_ZONES) expect(isValidTimeZone(zone), zone).toBe(true);
  });

  it("are validated on the server with a field message", () => {
    expect(parse(timeZoneSchema, "America/Denver")).toBe("America/Denver");
    expect(() => parse(timeZoneSchema, "Mars/Olympus")).toThrow("Time Zone must be one of the listed time zones");
    expect(() => parse(timeZoneSchema, "")).toThrow("Time Zone is Required");
  });

  // The feeds describe each zone with a VTIMEZONE written from the runtime's zone data (calendar/vtimezone.ts).
  // A calendar app turns a wall-clock time into an instant with it; the engine does so with the runtime's zone
  // data directly. For every allowed zone both must give the same instant, on every transition day of the next
  // ten years.
  it.each(TIME_ZONES.filter((z) => z.zone !== "UTC").map((z) => z.zone))("%s: the VTIMEZONE agrees with the engine through 2036", (zone) => {
    const text = vtimezoneOf(zone);
    expect(text, `no VTIMEZONE for ${zone}`).toBeTruthy();
    const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}END:VCALENDAR`) as unknown as any[]).getFirstSubcomponent("vtimezone")!;
    expect(component.getFirstPropertyValue("tzid")).toBe(zone);
    const tz = new ICAL.Timezone(component);
    const times = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
    let checked = 0;
    let skipped = 0;
    let transitions = 0;
    const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
    const HOUR = 3_600_000;
    for (let n = 0, t = Date.UTC(2026, 0, 1); t < Date.UTC(2037, 0, 1); n++, t += 24 * HOUR) {
      const date = new Date(t).toISOString().slice(0, 10);
      const [year, month, dayOfMonth] = date.split("-").map(Number);
      // Days whose local clock changes (looked at generously, a day either side of the local day), every
      // half hour; other days once a week at 7pm.
      const transition = offsetAt(t - 14 * HOUR) !== offsetAt(t + 38 * HOUR);
      if (transition) transitions++;
      for (const time of transition ? times : n % 7 === 0 ? ["19:00"] : []) {
        const [hour, minute] = time.split(":").map(Number);
        const ours = atWallClock(date, time, zone);
        // Times skipped or repeated by a clock change: RFC 5545 reads a skipped time with the offset before
        // the gap and a repeated one as the first (the engine does, as calendar apps do); ical.js takes the
        // offset after the change for both, so feeds write the meetups at those times in UTC
        // (clockChanges.test.ts here and in server/calendar/).
        if (wallClockKind(date, time, zone) !== "normal") {
          skipped++;
          continue;
        }
        const ical = new ICAL.Time({ year, month, day: dayOfMonth, hour, minute, second: 0, isDate: false }, tz);
        expect(ical.toUnixTime(), `${zone} ${date} ${time}`).toBe(ours.toSeconds());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Each of the zone's changes through 2036 (22 where daylight saving goes on) is seen on 2 to 3 days.
    const changes = clockChangesBetween(luxonZone(zone) as RememberingZone, Date.UTC(2026, 0, 1), Date.UTC(2037, 0, 1)).length;
    expect(transitions).toBeGreaterThanOrEqual(changes * 2);
    expect(skipped).toBeLessThanOrEqual(changes * 2);
  });
});
