import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas, buildUser } from "../test/factories";
import { expectAccess, expectShownOnlyTo, WHO } from "../test/access";
import { ActivityFeedItem, ChapterEvent } from "../models";
import type { Chapter } from "../models/Chapter";
import type { Geocoder } from "../integrations/geocoder";
import { GoogleGeocoder } from "../integrations/geocoder/google";
import { silentLogger } from "../lib/log";
import { FAKE_LOCATION, startFakeGoogleGeocoder } from "../test/fakeGoogleGeocoder";
import { upcomingOccurrences } from "../schedule/engine";
import { scheduleOf } from "../presenters/schedule";

let t: TestApp;
let realGeocoder: Geocoder;
beforeAll(async () => {
  t = await startTestApp();
  realGeocoder = t.services.geocoder;
});
afterAll(async () => t.close());

const repeatingBody = (chapter: Chapter, overrides: Record<string, unknown> = {}) => ({
  chapterId: chapter.id,
  name: "Rudy's Bar",
  description: "Back room",
  address1: "627 9th Ave",
  address2: "",
  city: "New York",
  state: "ny",
  postalCode: "10036",
  country: "USA",
  startTime: "19:00",
  endTime: "21:00",
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: 2,
  weeksOfMonthIndexesArray: [4, 2],
  ...overrides,
});

describe("POST /api/chapter_event creates", () => {
  it("saves a repeating event with normalised fields, a slug, coordinates, next dates and an activity item", async () => {
    const chapter = await buildChapter({ timeZone: "America/New_York", state: "ny" });
    const host = await buildHost(chapter);
    const res = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chapterId: chapter.id,
      name: "Rudy's Bar",
      state: "NY",
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: "2,4",
      weeksOfMonthIndexesArray: [2, 4],
    });
    expect(res.body.slug).toMatch(/^rudy_s_bar_[0-9a-f]{6}$/);
    expect(res.body.lat).toBeCloseTo(40.76, 1);
    expect(res.body.lng).toBeCloseTo(-73.99, 1);
    expect(res.body.nextDates.length).toBeGreaterThan(0);
    for (const d of res.body.nextDates) {
      expect(new Date(d.start).getUTCDay() === 2 || new Date(d.start).getUTCDay() === 3).toBe(true);
      expect(d.start).toMatch(/T19:00:00-0[45]:00$/);
    }
    const stored = await ChapterEvent.query().findOne({ slug: res.body.slug });
    expect(stored?.sequence).toBe(0);
    const activity = await ActivityFeedItem.query().where({ type: "chapter_event", chapterId: chapter.id });
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ title: "Event added: Rudy's Bar", userId: host.id, objectId: String(stored!.id) });
    expect(activity[0].note).toBe("Second and Fourth Tuesday of the month, 7:00pm to 9:00pm");
  });

  it("accepts the week codes as a comma-separated string and numbers as strings", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const body = {
      ...repeatingBody(chapter, { dayOfWeekIndex: "4", chapterId: String(chapter.id) }),
      weeksOfMonthIndexesArray: undefined,
      weeksOfMonthIndexes: "3,1,3",
    };
    const res = await t.request("POST", "/api/chapter_event", { as: host, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dayOfWeekIndex: 4, weeksOfMonthIndexes: "1,3" });
  });

  it("saves a single-date event without weekday or weeks", async () => {
    const chapter = await buildChapter({ timeZone: "America/Los_Angeles" });
    const host = await buildHost(chapter);
    const res = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: repeatingBody(chapter, {
        isSingleDate: true,
        singleDate: "2099-07-04",
        dayOfWeekIndex: 3,
        weeksOfMonthIndexesArray: [1],
        startTime: "12:00",
        endTime: "14:30",
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isSingleDate: true, singleDate: "2099-07-04", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
    expect(res.body.nextDates).toEqual([{ date: "2099-07-04", start: "2099-07-04T12:00:00-07:00", end: "2099-07-04T14:30:00-07:00" }]);
  });
});

describe("POST /api/chapter_event validation answers 400 naming the field", () => {
  let chapter: Chapter;
  let host: Awaited<ReturnType<typeof buildHost>>;
  beforeAll(async () => {
    chapter = await buildChapter();
    host = await buildHost(chapter);
  });

  const table: [string, Record<string, unknown>, string, string][] = [
    ["empty name", { name: "" }, "name", "Name is Required"],
    ["blank address", { address1: "   " }, "address1", "Address is Required"],
    ["missing city", { city: undefined }, "city", "City is Required"],
    ["unknown week code in the list", { weeksOfMonthIndexesArray: [2, 9] }, "weeksOfMonthIndexesArray", "Unknown week code 9: use 0 to 7"],
    ["a week code that is not a number", { weeksOfMonthIndexesArray: ["x"] }, "weeksOfMonthIndexesArray", "Unknown week code x: use 0 to 7"],
    [
      "unknown week code in the string",
      { weeksOfMonthIndexesArray: undefined, weeksOfMonthIndexes: "2,8" },
      "weeksOfMonthIndexes",
      "Unknown week code 8: use 0 to 7",
    ],
    ["no week checked", { weeksOfMonthIndexesArray: [] }, "weeksOfMonthIndexesArray", "Check at least one week"],
    [
      "Even Weeks with Last Week",
      { weeksOfMonthIndexesArray: [6, 5] },
      "weeksOfMonthIndexesArray",
      "Even Weeks or Odd Weeks cannot be combined with Last Week of the Month",
    ],
    [
      "Odd Weeks with Last Week, as a string",
      { weeksOfMonthIndexesArray: undefined, weeksOfMonthIndexes: "5,7,2" },
      "weeksOfMonthIndexes",
      "Even Weeks or Odd Weeks cannot be combined with Last Week of the Month",
    ],
    ["day of week 7", { dayOfWeekIndex: 7 }, "dayOfWeekIndex", "Day of week must be 0 (Sunday) to 6 (Saturday)"],
    ["day of week -1", { dayOfWeekIndex: -1 }, "dayOfWeekIndex", "Day of week must be 0 (Sunday) to 6 (Saturday)"],
    ["day of week a word", { dayOfWeekIndex: "Tuesday" }, "dayOfWeekIndex", "Day of week must be 0 (Sunday) to 6 (Saturday)"],
    ["repeating without a day", { dayOfWeekIndex: null }, "dayOfWeekIndex", "Day of week must be 0 (Sunday) to 6 (Saturday)"],
    ["an impossible date", { isSingleDate: true, singleDate: "2026-02-30" }, "singleDate", "Date must be a real date in the form YYYY-MM-DD"],
    ["a date in another format", { isSingleDate: true, singleDate: "03/04/2026" }, "singleDate", "Date must be a real date in the form YYYY-MM-DD"],
    ["single without a date", { isSingleDate: true, singleDate: "" }, "singleDate", "Date is Required (YYYY-MM-DD)"],
    ["end before start", { startTime: "20:00", endTime: "19:30" }, "endTime", "End time must be after the start time"],
    ["end equal to start", { startTime: "20:00", endTime: "20:00" }, "endTime", "End time must be after the start time"],
    ["a start time out of range", { startTime: "24:00" }, "startTime", "Start time must be a time from 00:00 to 23:59 (HH:mm)"],
    ["an end time in another format", { endTime: "9pm" }, "endTime", "End time must be a time from 00:00 to 23:59 (HH:mm)"],
    ["an unknown state", { state: "zz" }, "state", "State must be a US state abbreviation, dc, pr or int"],
    ["a name too long", { name: "x".repeat(201) }, "name", "Name must be at most 200 characters"],
  ];
  it.each(table)("%s", async (_name, overrides, field, message) => {
    const before = await ChapterEvent.query().where({ chapterId: chapter.id }).resultSize();
    const res = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, overrides) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorId: "validation_failed", field, error: message });
    expect(await ChapterEvent.query().where({ chapterId: chapter.id }).resultSize()).toBe(before);
  });

  it("needs a chapterId to create and a chapter that exists", async () => {
    const missing = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { chapterId: undefined }) });
    expect(missing.body).toMatchObject({ field: "chapterId", error: "chapterId is required" });
    const unknown = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { chapterId: 999999 }) });
    expect(unknown.status).toBe(404);
  });

  it("answers 400, not 500, for a body that is not an object", async () => {
    const res = await t.request("POST", "/api/chapter_event", { as: host, raw: "[1,2]", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/chapter_event updates", () => {
  it("updates the event named by slug or id, bumps the sequence each time and records activity", async () => {
    const chapter = await buildChapter({ timeZone: "America/Chicago" });
    const host = await buildHost(chapter);
    const event = await buildEvent(chapter, { weeksOfMonthIndexes: "0", sequence: 0 });
    const first = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: repeatingBody(chapter, {
        slug: event.slug,
        name: "New Place",
        address1: event.address1,
        city: event.city,
        state: event.state,
        postalCode: event.postalCode,
        country: event.country,
      }),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: event.id, slug: event.slug, name: "New Place", weeksOfMonthIndexes: "2,4" });
    const second = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { id: event.id, dayOfWeekIndex: 5 }) });
    expect(second.status).toBe(200);
    expect(second.body.dayOfWeekIndex).toBe(5);
    const stored = await ChapterEvent.query().findById(event.id);
    expect(stored!.sequence).toBe(2);
    expect(stored!.updatedAt! > event.updatedAt!).toBe(true);
    expect(await ChapterEvent.query().where({ chapterId: chapter.id }).resultSize()).toBe(1);
    const titles = (await ActivityFeedItem.query().where({ chapterId: chapter.id }).orderBy("id")).map((a) => a.title);
    expect(titles).toEqual(["Event updated: New Place", "Event updated: Rudy's Bar"]);
  });

  it("turns a repeating event into a single date, dropping weekday and weeks", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const event = await buildEvent(chapter);
    const res = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: repeatingBody(chapter, { slug: event.slug, isSingleDate: true, singleDate: "2099-01-02" }),
    });
    expect(res.body).toMatchObject({ isSingleDate: true, singleDate: "2099-01-02", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
  });

  it("creates a new event when id or slug names no existing event", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const res = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { id: 987654, slug: "no_such_event" }) });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(987654);
    expect(res.body.slug).not.toBe("no_such_event");
  });

  it("refuses to move an event to another chapter", async () => {
    const chapter = await buildChapter();
    const other = await buildChapter();
    const admin = (await buildPersonas(chapter)).admin;
    const event = await buildEvent(chapter);
    const res = await t.request("POST", "/api/chapter_event", { as: admin, body: repeatingBody(other, { slug: event.slug }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "chapterId", error: "An event cannot move to another chapter" });
  });
});

describe("geocoding on save", () => {
  const withGeocoder = async (geocoder: Geocoder, run: () => Promise<void>) => {
    t.services.geocoder = geocoder;
    try {
      await run();
    } finally {
      t.services.geocoder = realGeocoder;
    }
  };

  it("keeps the event with no coordinates when the lookup finds nothing or fails", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const nothing: Geocoder = { name: "none", geocodeAddress: async () => null, geocodePlace: async () => null };
    const broken: Geocoder = {
      name: "broken",
      geocodeAddress: async () => {
        throw new Error("boom");
      },
      geocodePlace: async () => null,
    };
    for (const geocoder of [nothing, broken]) {
      await withGeocoder(geocoder, async () => {
        const res = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter) });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ lat: null, lng: null, name: "Rudy's Bar" });
      });
    }
  });

  it("looks the address up again only when it changed", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const calls: string[] = [];
    const counting: Geocoder = {
      name: "counting",
      geocodeAddress: async (q) => (calls.push(q.address ?? ""), { lat: 1, lng: 2 }),
      geocodePlace: async () => null,
    };
    await withGeocoder(counting, async () => {
      const created = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter) });
      await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { slug: created.body.slug, name: "Renamed" }) });
      expect(calls).toEqual(["627 9th Ave"]);
      const moved = await t.request("POST", "/api/chapter_event", {
        as: host,
        body: repeatingBody(chapter, { slug: created.body.slug, address1: "1 Other St", address2: "Floor 2" }),
      });
      expect(calls).toEqual(["627 9th Ave", "1 Other St, Floor 2"]);
      expect(moved.body).toMatchObject({ lat: 1, lng: 2 });
    });
  });

  it("uses Google's answer when configured; OVER_QUERY_LIMIT and ZERO_RESULTS save without a pin", async () => {
    const fake = await startFakeGoogleGeocoder();
    try {
      const chapter = await buildChapter();
      const host = await buildHost(chapter);
      await withGeocoder(new GoogleGeocoder({ apiKey: "k", url: fake.url, timeoutMs: 1000, log: silentLogger }), async () => {
        const ok = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { address1: "200 5th Ave" }) });
        expect(ok.body).toMatchObject(FAKE_LOCATION);
        expect(fake.requests.at(-1)!.searchParams.get("address")).toBe("200 5th Ave, New York, NY 10036, USA");
        for (const address1 of ["1 Busy Street", "1 Nowhere Road"]) {
          const res = await t.request("POST", "/api/chapter_event", { as: host, body: repeatingBody(chapter, { address1 }) });
          expect(res.status).toBe(201);
          expect(res.body).toMatchObject({ lat: null, lng: null, address1 });
        }
      });
    } finally {
      await fake.close();
    }
  });
});

describe("GET /api/chapter_event/slug/{slug}", () => {
  it("shows an active chapter's event to anyone, with its next dates", async () => {
    const chapter = await buildChapter({ timeZone: "Europe/London" });
    const event = await buildEvent(chapter, { weeksOfMonthIndexes: "0", dayOfWeekIndex: 4, startTime: "18:30", endTime: "20:00" });
    const res = await t.request("GET", `/api/chapter_event/slug/${event.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: event.id, slug: event.slug, name: "The Tavern", weeksOfMonthIndexesArray: [0] });
    expect(res.body.nextDates.length).toBeGreaterThanOrEqual(4);
    expect(res.body.nextDates[0].start).toMatch(/T18:30:00(Z|\+0[01]:00)$/);
    expect(res.body).not.toHaveProperty("sequence");
  });

  it("answers 404 for an unknown slug", async () => {
    expect((await t.request("GET", "/api/chapter_event/slug/nope")).status).toBe(404);
  });
});

describe("who may call the event endpoints", () => {
  it("GET of an inactive chapter's event needs host access; to everyone else it is not found", async () => {
    const chapter = await buildChapter({ status: 0 });
    const personas = await buildPersonas(chapter);
    const event = await buildEvent(chapter);
    await expectShownOnlyTo(t, personas, `/api/chapter_event/slug/${event.slug}`, "/api/chapter_event/slug/no_such_event", WHO.hostAccess);
  });

  it("POST (create) needs host access to the chapter", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    await expectAccess(t, personas, { method: "POST", path: "/api/chapter_event", body: repeatingBody(chapter) }, WHO.hostAccess);
    expect(await ChapterEvent.query().where({ chapterId: chapter.id }).resultSize()).toBe(WHO.hostAccess.length);
  });

  it("POST (update) needs host access to the event's chapter", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    const event = await buildEvent(chapter);
    await expectAccess(t, personas, { method: "POST", path: "/api/chapter_event", body: repeatingBody(chapter, { slug: event.slug }) }, WHO.hostAccess);
    expect((await ChapterEvent.query().findById(event.id))!.sequence).toBe(WHO.hostAccess.length);
  });

  it("a host of another chapter cannot update this chapter's event by naming their own chapter", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    const event = await buildEvent(chapter);
    const res = await t.request("POST", "/api/chapter_event", { as: personas.otherHost, body: repeatingBody(personas.otherChapter, { slug: event.slug }) });
    expect(res.status).toBe(403);
    expect((await ChapterEvent.query().findById(event.id))!.name).toBe("The Tavern");
  });

  it("DELETE needs host access; it removes the event and records activity", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    const event = await buildEvent(chapter);
    await expectAccess(t, personas, { method: "DELETE", path: `/api/chapter_event/slug/${event.slug}` }, WHO.hostAccess);
    expect(await ChapterEvent.query().findById(event.id)).toBeUndefined();
    const activity = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "chapter_event" });
    expect(activity.map((a) => a.title)).toEqual(["Event deleted: The Tavern"]);
  });

  it("DELETE answers 404 for an unknown slug (after sign-in) and 401 before", async () => {
    const user = await buildUser();
    expect((await t.request("DELETE", "/api/chapter_event/slug/nope")).status).toBe(401);
    expect((await t.request("DELETE", "/api/chapter_event/slug/nope", { as: user })).status).toBe(404);
  });
});

describe("maps and lists take their dates from the engine", () => {
  it("/api/chapters/active and /api/chapters/state/{state} carry each event's next dates", async () => {
    const chapter = await buildChapter({ state: "wy", timeZone: "America/Denver" });
    const weekly = await buildEvent(chapter, { weeksOfMonthIndexes: "0", dayOfWeekIndex: 3, startTime: "18:00", endTime: "20:00" });
    const now = new Date();
    const expected = upcomingOccurrences(scheduleOf(weekly, "America/Denver"), now).map((o) => o.date);
    expect(expected.length).toBe(4);
    for (const path of ["/api/chapters/active", "/api/chapters/state/wy"]) {
      const res = await t.request("GET", path);
      const listed = res.body.find((c: { id: number }) => c.id === chapter.id);
      const dates = listed.chapterEvents[0].nextDates;
      expect(
        dates.map((d: { date: string }) => d.date),
        path,
      ).toEqual(expected);
      expect(dates[0].start, path).toMatch(/T18:00:00-0[67]:00$/);
    }
  });
});
