import { describe, expect, it } from "vitest";
import { IANAZone } from "luxon";
import { RememberingZone, SPAN_DAYS } from "./fastZone";

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 15 * 60_000;

/** The instants (ms) in [from, to) at which the zone's offset changes, found day by day, then to the quarter hour. */
function changes(zone: IANAZone, from: number, to: number): number[] {
  const found: number[] = [];
  for (let day = from; day < to; day += DAY_MS) {
    if (zone.offset(day) === zone.offset(day + DAY_MS)) continue;
    let t = day;
    while (zone.offset(t) === zone.offset(day)) t += QUARTER_HOUR_MS;
    found.push(t);
  }
  return found;
}

/**
 * Asks a fresh RememberingZone, in a scattered order (as a feed asks), for the offset at every quarter hour from
 * `from` to `to` and returns the instants where it disagrees with luxon's own zone.
 */
function disagreements(name: string, from: number, to: number): string[] {
  const inner = IANAZone.create(name);
  const remembering = new RememberingZone(inner);
  const instants: number[] = [];
  for (let t = from; t < to; t += QUARTER_HOUR_MS) instants.push(t);
  // A stride co-prime with the count visits every instant once, far from the one before.
  const stride = 7919;
  const wrong: string[] = [];
  for (let i = 0, k = 0; i < instants.length; i++, k = (k + stride) % instants.length) {
    const t = instants[k];
    if (remembering.offset(t) !== inner.offset(t)) wrong.push(`${new Date(t).toISOString()}: ${remembering.offset(t)} != ${inner.offset(t)}`);
  }
  return wrong;
}

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe("RememberingZone", () => {
  it.each([
    // Daylight saving time started and was called off a week later (2000).
    ["America/Boa_Vista", "2000-09-20", "2000-11-10"],
    // A week of summer time between two Ramadan breaks, in the rules as written for 2040.
    ["Asia/Gaza", "2040-09-25", "2040-11-15"],
    // Clocks going forward and back, a zone of half hours, one of quarter hours, one without daylight time.
    ["America/New_York", "2026-02-20", "2026-11-20"],
    ["Australia/Lord_Howe", "2026-03-20", "2026-10-20"],
    ["Asia/Kathmandu", "1985-12-01", "1986-02-01"],
    ["America/Phoenix", "2026-01-01", "2026-03-01"],
  ])("gives %s the offsets luxon reads from Intl, at every quarter hour from %s to %s", (name, from, to) => {
    expect(disagreements(name, utc(from), utc(to))).toEqual([]);
  });

  it("is checked where a zone changes and changes back within a couple of spans", () => {
    // The windows above must hold what they are there for: a change and its reversal closer than 2 * SPAN_DAYS.
    for (const [name, from, to] of [
      ["America/Boa_Vista", "2000-09-20", "2000-11-10"],
      ["Asia/Gaza", "2040-09-25", "2040-11-15"],
    ]) {
      const found = changes(IANAZone.create(name), utc(from), utc(to));
      const gaps = found.slice(1).map((t, i) => (t - found[i]) / DAY_MS);
      expect(Math.min(...gaps)).toBeLessThan(2 * SPAN_DAYS);
    }
  });

  it("reads instants before 1970 from Intl each time (zones changed at odd minutes then)", () => {
    expect(disagreements("America/New_York", utc("1883-11-17"), utc("1883-11-20"))).toEqual([]);
  });
});
