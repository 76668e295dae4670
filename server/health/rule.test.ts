import { describe, expect, it } from "vitest";
import { healthOf } from "./rule";
import { atRiskTitle, healthSettingsSchema, silenceText } from "../contracts/chapterHealth";

const DAY = 86_400_000;
const settings = { atRiskAfterDays: 42, dormantAfterDays: 56 };
const created = "2026-01-01T10:00:00.000Z";
const after = (days: number, ms = 0) => new Date(Date.parse(created) + days * DAY + ms);

describe("healthOf", () => {
  it("is at risk from the 42nd whole day of silence and dormant from the 56th", () => {
    const input = { lastEmailAt: null, createdAt: created, countedFrom: null, pinnedActive: false };
    expect(healthOf(input, settings, after(42, -1)).health).toBe("active");
    expect(healthOf(input, settings, after(42))).toEqual({ health: "at_risk", since: created, from: "founded", silentDays: 42 });
    expect(healthOf(input, settings, after(56, -1)).health).toBe("at_risk");
    expect(healthOf(input, settings, after(56)).health).toBe("dormant");
  });

  it("counts from the latest of creation, last email and re-enabling; a pin keeps a chapter active", () => {
    const email = after(30).toISOString();
    expect(healthOf({ lastEmailAt: email, createdAt: created, countedFrom: null, pinnedActive: false }, settings, after(71)).health).toBe("active");
    expect(healthOf({ lastEmailAt: email, createdAt: created, countedFrom: null, pinnedActive: false }, settings, after(72)).since).toBe(email);
    const reset = after(100).toISOString();
    expect(healthOf({ lastEmailAt: email, createdAt: created, countedFrom: reset, pinnedActive: false }, settings, after(120))).toMatchObject({
      health: "active",
      since: reset,
      from: "brought_back",
      silentDays: 20,
    });
    expect(healthOf({ lastEmailAt: email, createdAt: created, countedFrom: null, pinnedActive: false }, settings, after(72)).from).toBe("last_email");
    // A list email that brings a chapter back restarts the count at the same instant: the email is named.
    expect(healthOf({ lastEmailAt: reset, createdAt: created, countedFrom: reset, pinnedActive: false }, settings, after(120)).from).toBe("last_email");
    expect(healthOf({ lastEmailAt: null, createdAt: created, countedFrom: null, pinnedActive: true }, settings, after(400)).health).toBe("active");
    // A meetup with attendance recorded after the last email: counted from when it started.
    const met = after(60).toISOString();
    expect(
      healthOf({ lastEmailAt: email, createdAt: created, countedFrom: null, pinnedActive: false, lastAttendedAt: met }, settings, after(80)),
    ).toMatchObject({
      health: "active",
      since: met,
      from: "attended_meetup",
      silentDays: 20,
    });
  });
});

describe("the notice and the settings", () => {
  it("words the silence in weeks when whole, else in days", () => {
    expect(atRiskTitle({ title: "Austin", city: "Austin" }, 42)).toBe("Austin has not emailed its list for 6 weeks: at risk");
    expect(silenceText(7)).toBe("1 week");
    expect(silenceText(10)).toBe("10 days");
    expect(silenceText(1)).toBe("1 day");
  });

  it("accepts positive whole days with dormant after at risk", () => {
    expect(healthSettingsSchema.safeParse({ atRiskAfterDays: 1, dormantAfterDays: 2 }).success).toBe(true);
    expect(healthSettingsSchema.safeParse({ atRiskAfterDays: 2, dormantAfterDays: 2 }).success).toBe(false);
    expect(healthSettingsSchema.safeParse({ atRiskAfterDays: -1, dormantAfterDays: 2 }).success).toBe(false);
  });
});
