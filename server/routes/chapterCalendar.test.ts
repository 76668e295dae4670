import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { Chapter, ChapterEvent } from "../models";
import { clearFeedCache, feedChapter, warmUpNetworkFeed } from "../calendar/feedCache";

/** Longer than a fingerprint is trusted: what another process wrote is then served. */
import { countEvents, icalProblems } from "../calendar/structure";
import { buildFeed, pieceStats } from "../calendar/feed";
import { chapterName } from "../contracts/chapter";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const feedPath = (slug: string) => `/api/chapter_calendar/${slug}/events.ics`;

describe("a chapter's feed", () => {
  it("is text/calendar with an ETag, one VEVENT per event (two for parity plus month weeks), stable UIDs", async () => {
    const chapter = await buildChapter({ title: "Drinking Liberally", city: "Austin", state: "tx", timeZone: "America/Chicago" });
    const weekly = await buildEvent(chapter, { name: "Scholz Garten", weeksOfMonthIndexes: "0", dayOfWeekIndex: 2 });
    const twice = await buildEvent(chapter, { name: "Second Place", weeksOfMonthIndexes: "2,4", dayOfWeekIndex: 4 });
    const mixed = await buildEvent(chapter, { name: "Mixed", weeksOfMonthIndexes: "6,1", dayOfWeekIndex: 5 });
    const once = await buildEvent(chapter, { name: "Picnic", isSingleDate: true, singleDate: "2027-05-01", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
    const res = await t.request("GET", feedPath(chapter.slug));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=2, stale-while-revalidate=30");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${chapter.slug}.ics"`);
    expect(icalProblems(res.text)).toEqual([]);
    expect(countEvents(res.text)).toBe(5);
    for (const e of [weekly, twice, mixed, once]) expect(res.text).toContain(`UID:event-${e.id}@chapterhouse\r\n`);
    expect(res.text).toContain(`UID:event-${mixed.id}-2@chapterhouse\r\n`);
    expect(res.text).toContain("RRULE:FREQ=WEEKLY;BYDAY=TU\r\n");
    expect(res.text).toContain("RRULE:FREQ=MONTHLY;BYDAY=2TH,4TH\r\n");
    expect(res.text).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR\r\n");
    expect(res.text).toContain("DTSTART;TZID=America/Chicago:20270501T190000\r\n");
    // The chapter's name with its type, as it stands alone: its title is its type's name, so the city goes first.
    expect(res.text).toContain("SUMMARY:Austin Drinking Liberally at Picnic\r\n");
    expect(res.text).toContain("X-WR-CALNAME:Austin Drinking Liberally\r\n");
    expect(res.text.match(/BEGIN:VTIMEZONE\r\nTZID:America\/Chicago/g)).toHaveLength(1);
  });

  it("reads every field of its events as the models read them: the same bytes as a feed made from the models", async () => {
    const chapter = await buildChapter({ title: "Drinking Liberally", city: "Zürich", state: "int", timeZone: "Europe/Zurich" });
    await buildEvent(chapter, {
      name: 'Café "Odeon"',
      description: "Upstairs ✓\nAsk for the host; bring a friend, or two",
      address2: "Limmatquai 2",
      lat: 47.36667188954213,
      lng: 8.545032612349177,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: "0",
      sequence: 3,
      cancelledDates: [{ date: "2027-03-02", note: "Closed" }],
    });
    await buildEvent(chapter, { isSingleDate: true, singleDate: "2027-05-01", dayOfWeekIndex: null, weeksOfMonthIndexes: "", lat: null, lng: null });
    await buildEvent(chapter, { dayOfWeekIndex: 5, weeksOfMonthIndexes: "6,1", createdAt: "2026-03-29T01:30:00.000Z" });
    // Coordinates that need 17 digits to come back as stored (SQLite's JSON and printf("%.17g") give fewer).
    await buildEvent(chapter, { dayOfWeekIndex: 1, weeksOfMonthIndexes: "0", lat: 35.937194024218996, lng: -0.000012345678901234568 });
    const res = await t.request("GET", feedPath(chapter.slug));
    const model = await Chapter.query().findById(chapter.id).withGraphFetched("[chapterEvents, chapterType]").throwIfNotFound();
    const feedChapter = Object.assign(model, { typeName: model.chapterType!.name });
    const title = chapterName(model, feedChapter.typeName);
    const events = model.chapterEvents!.map((event) => ({ event, chapter: feedChapter }));
    expect(res.text).toContain("EXDATE;TZID=Europe/Zurich:20270302T190000");
    expect(res.text).toContain("GEO:47.36667188954213;8.545032612349177");
    expect(res.text).toContain("GEO:35.937194024218996;-0.000012345678901234568");
    expect(res.text).toBe(buildFeed({ name: title, description: `Meetings of ${title}`, publicUrl: t.config.publicUrl, events }));
  });

  it("offers the file for download with ?download", async () => {
    const chapter = await buildChapter();
    const res = await t.request("GET", `${feedPath(chapter.slug)}?download=1`);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${chapter.slug}.ics"`);
    expect(countEvents(res.text)).toBe(0);
    expect(icalProblems(res.text)).toEqual([]);
  });

  it("answers 304 to If-None-Match with the current ETag, and 200 with new bytes after a change", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const event = await buildEvent(chapter);
    const first = await t.request("GET", feedPath(chapter.slug));
    const etag = first.headers.get("etag")!;
    expect(first.text).toContain("SEQUENCE:0\r\n");

    const again = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": `"other", W/${etag}` } })).status).toBe(304);
    expect((await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": `"other"` } })).status).toBe(200);

    const saved = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: {
        slug: event.slug,
        name: "Moved Venue",
        address1: event.address1,
        city: event.city,
        startTime: "18:00",
        endTime: "20:00",
        dayOfWeekIndex: 3,
        weeksOfMonthIndexesArray: [1],
      },
    });
    expect(saved.status).toBe(200);
    const changed = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.text).toContain("SEQUENCE:1\r\n");
    expect(changed.text).toContain("RRULE:FREQ=MONTHLY;BYDAY=1WE\r\n");
    const updatedAt = (await ChapterEvent.query().findById(event.id))!.updatedAt!;
    const stamp = updatedAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
    expect(changed.text).toContain(`LAST-MODIFIED:${stamp}\r\n`);
    expect(changed.text).toContain(`DTSTAMP:${stamp}\r\n`);
  });

  it("sees changes made by another app process (straight in the database), and processes agree on the ETag", async () => {
    const chapter = await buildChapter();
    const event = await buildEvent(chapter, { name: "Before" });
    const before = await t.request("GET", feedPath(chapter.slug));

    // Another process edits the event: nothing in this process hears of it.
    await t.services
      .knex("chapter_events")
      .where({ id: event.id })
      .update({ name: "After", sequence: 1, updated_at: new Date(Date.now() + 1000).toISOString() });
    const afterEdit = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.text).toContain("at After\r\n");

    // ...deletes one event and adds another in the same second (same count).
    const extra = await buildEvent(chapter, { name: "Extra" });
    const withExtra = await t.request("GET", feedPath(chapter.slug));
    await t.services.knex("chapter_events").where({ id: extra.id }).delete();
    await t.services.knex("chapter_events").insert({ ...extraRow(chapter.id), name: "Replacement", slug: `r_${extra.id}` });
    const replaced = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": withExtra.headers.get("etag")! } });
    expect(replaced.status).toBe(200);
    expect(replaced.text).toContain("at Replacement\r\n");
    expect(replaced.text).not.toContain("at Extra\r\n");

    // ...renames the chapter.
    await t.services
      .knex("chapters")
      .where({ id: chapter.id })
      .update({ title: "Renamed Chapter", updated_at: new Date(Date.now() + 2000).toISOString() });
    const renamed = await t.request("GET", feedPath(chapter.slug));
    expect(renamed.text).toContain("X-WR-CALNAME:Renamed Chapter Drinking Liberally\r\n");

    // ...or renames its type.
    await t.services.knex("chapter_types").where({ id: chapter.chapterTypeId }).update({ name: "pouring" });
    try {
      const retyped = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": renamed.headers.get("etag")! } });
      expect(retyped.status).toBe(200);
      expect(retyped.text).toContain("X-WR-CALNAME:Renamed Chapter Pouring Liberally\r\n");
      expect(retyped.text).toContain("SUMMARY:Renamed Chapter Pouring Liberally at Replacement\r\n");
    } finally {
      await t.services.knex("chapter_types").where({ id: chapter.chapterTypeId }).update({ name: "drinking" });
    }

    // A cold process renders the same bytes and so the same ETag.
    clearFeedCache(t.services.knex);
    const cold = await t.request("GET", feedPath(chapter.slug));
    expect(cold.headers.get("etag")).toBe(renamed.headers.get("etag"));
    expect(cold.text).toBe(renamed.text);
  });

  it("reads the versions once for concurrent requests, and serves a save through this process or another at once", async () => {
    const chapter = await buildChapter();
    const host = await buildHost(chapter);
    const sql: string[] = [];
    const listener = (q: { sql: string }) => sql.push(q.sql);
    const versionReads = () => sql.filter((q) => q.includes("from read_versions")).length;
    const chapterReads = () => sql.filter((q) => /from .chapters. where .slug./.test(q)).length;
    t.services.knex.on("query", listener);
    try {
      const results = await Promise.all(Array.from({ length: 10 }, () => feedChapter(t.services.knex, chapter.slug)));
      expect(new Set(results.map((r) => r!.id))).toEqual(new Set([chapter.id]));
      expect(versionReads()).toBeLessThanOrEqual(2);
      expect(chapterReads()).toBe(1);
      const before = await t.request("GET", feedPath(chapter.slug));
      expect(chapterReads()).toBe(1);

      // A save through this process is served at once.
      const saved = await t.request("POST", "/api/chapter_event", {
        as: host,
        body: {
          chapterId: chapter.id,
          name: "New",
          address1: "1 Main St",
          city: "Springfield",
          startTime: "19:00",
          endTime: "20:00",
          dayOfWeekIndex: 1,
          weeksOfMonthIndexesArray: [0],
        },
      });
      expect(saved.status).toBe(201);
      const afterSave = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": before.headers.get("etag")! } });
      expect(afterSave.status).toBe(200);
      expect(afterSave.text).toContain("at New\r\n");

      // A change written straight into the database (another process) is seen by the very next read, with no wait.
      await t.services.knex("chapter_events").where({ chapter_id: chapter.id }).update({ name: "Elsewhere" });
      const afterOther = await t.request("GET", feedPath(chapter.slug), { headers: { "if-none-match": afterSave.headers.get("etag")! } });
      expect(afterOther.status).toBe(200);
      expect(afterOther.text).toContain("at Elsewhere\r\n");
    } finally {
      t.services.knex.removeListener("query", listener);
    }
  });

  it("answers 404 for an unknown chapter", async () => {
    expect((await t.request("GET", feedPath("no_such_chapter"))).status).toBe(404);
  });

  it("of an inactive chapter needs host access, like its page", async () => {
    const chapter = await buildChapter({ status: 0 });
    const personas = await buildPersonas(chapter);
    await buildEvent(chapter);
    await expectAccess(t, personas, { method: "GET", path: feedPath(chapter.slug) }, WHO.hostAccess);
    // Made for its host alone: no shared cache may keep it.
    const asHost = await t.request("GET", feedPath(chapter.slug), { as: personas.host });
    expect(asHost.status).toBe(200);
    expect(asHost.headers.get("cache-control")).toBe("private, no-cache");
  });
});

function extraRow(chapterId: number) {
  const now = new Date(Date.now() + 3000).toISOString();
  return {
    chapter_id: chapterId,
    name: "x",
    description: "",
    address1: "1 Main",
    address2: "",
    city: "Springfield",
    state: "IL",
    postal_code: "",
    country: "",
    start_time: "19:00",
    end_time: "20:00",
    is_single_date: false,
    single_date: null,
    day_of_week_index: 1,
    weeks_of_month_indexes: "0",
    sequence: 0,
    created_at: now,
    updated_at: now,
  };
}

describe("state and network feeds", () => {
  it("list only active chapters' events, of that state or of all states; int includes empty states", async () => {
    const vt = await buildChapter({ state: "vt", timeZone: "America/New_York" });
    const vtHidden = await buildChapter({ state: "vt", status: 0 });
    const me = await buildChapter({ state: "me", timeZone: "America/New_York" });
    const intl = await buildChapter({ state: "", timeZone: "Europe/London", city: "London", title: "London" });
    const a = await buildEvent(vt);
    const hidden = await buildEvent(vtHidden);
    const b = await buildEvent(me);
    const c = await buildEvent(intl);

    const state = await t.request("GET", "/api/chapter_calendar/state/VT/events.ics");
    expect(state.status).toBe(200);
    expect(state.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(icalProblems(state.text)).toEqual([]);
    expect(state.text).toContain(`UID:event-${a.id}@chapterhouse`);
    expect(state.text).not.toContain(`UID:event-${hidden.id}@chapterhouse`);
    expect(state.text).not.toContain(`UID:event-${b.id}@chapterhouse`);
    expect(state.text).toContain("X-WR-CALNAME:Vermont chapters\r\n");

    const international = await t.request("GET", "/api/chapter_calendar/state/int/events.ics");
    expect(international.text).toContain(`UID:event-${c.id}@chapterhouse`);
    expect(international.text).toContain("TZID:Europe/London\r\n");

    const all = await t.request("GET", "/api/chapter_calendar/all/events.ics");
    expect(icalProblems(all.text)).toEqual([]);
    for (const e of [a, b, c]) expect(all.text).toContain(`UID:event-${e.id}@chapterhouse`);
    expect(all.text).not.toContain(`UID:event-${hidden.id}@chapterhouse`);
    const activeEvents = await ChapterEvent.query().joinRelated("chapter").where("chapter.status", 1).resultSize();
    expect(all.text.match(/^UID:event-\d+@chapterhouse\r$/gm)).toHaveLength(activeEvents);

    const etag = all.headers.get("etag")!;
    expect((await t.request("GET", "/api/chapter_calendar/all/events.ics", { headers: { "if-none-match": etag } })).status).toBe(304);
    // Showing a hidden chapter changes the network feed.
    await Chapter.query().patch({ status: 1 }).where({ id: vtHidden.id });
    const shown = await t.request("GET", "/api/chapter_calendar/all/events.ics", { headers: { "if-none-match": etag } });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`UID:event-${hidden.id}@chapterhouse`);
  });

  it("a new process builds the network feed in the background, so its first request writes nothing; state feeds reuse its events", async () => {
    const oh = await buildChapter({ state: "oh", timeZone: "America/New_York" });
    const e = await buildEvent(oh, { name: "Warm Start Tavern" });
    clearFeedCache(t.services.knex);
    await warmUpNetworkFeed(t.services.knex, t.services.config.publicUrl);
    const written = pieceStats.made;
    const all = await t.request("GET", "/api/chapter_calendar/all/events.ics");
    expect(all.text).toContain(`UID:event-${e.id}@chapterhouse`);
    const state = await t.request("GET", "/api/chapter_calendar/state/oh/events.ics");
    expect(state.text).toContain("Warm Start Tavern");
    expect(pieceStats.made).toBe(written);

    // A change (as the app saves one, with a new SEQUENCE) is still seen: the changed event alone is written again.
    await ChapterEvent.query()
      .patch({ name: "Renamed Tavern", sequence: e.sequence + 1 })
      .where({ id: e.id });
    const changed = await t.request("GET", "/api/chapter_calendar/all/events.ics");
    expect(changed.text).toContain("Renamed Tavern");
    expect(changed.text).not.toContain("Warm Start Tavern");
    expect(pieceStats.made).toBe(written + 1);
  });

  it("answers 400 for an unknown state", async () => {
    const res = await t.request("GET", "/api/chapter_calendar/state/zz/events.ics");
    expect(res.status).toBe(400);
    expect(res.body.field).toBeUndefined();
    expect(res.body.error).toBe("state must be a US state abbreviation, dc, pr or int");
  });
});

describe("text that would break the calendar's structure", () => {
  const INJECTION = "\r\nBEGIN:VEVENT\r\nUID:evil@example\r\nSUMMARY:Injected\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT\r\nX-WR-CALNAME:Pwned";

  /** The unfolded content lines of a feed. */
  const lines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");

  /** Parses with ical.js: the real events are all there is, and the injected text is inert property text. */
  function checkFeed(text: string, realEvents?: number) {
    expect(icalProblems(text)).toEqual([]);
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown as any[]);
    const events = calendar.getAllSubcomponents("vevent");
    if (realEvents !== undefined) expect(events).toHaveLength(realEvents);
    for (const e of events) expect(String(e.getFirstPropertyValue("uid"))).toMatch(/^event-\d+(-\d+)?@chapterhouse$/);
    expect(lines(text).filter((l) => l.startsWith("BEGIN:VEVENT"))).toHaveLength(events.length);
    expect(lines(text).filter((l) => /^(UID:evil|SUMMARY:Injected|X-WR-CALNAME:Pwned)/.test(l))).toEqual([]);
    expect(calendar.getAllProperties("x-wr-calname")).toHaveLength(1);
    return { calendar, events };
  }

  it("keeps a chapter's name and event text inert in the chapter, state and network feeds (rows stored before validation)", async () => {
    const chapter = await buildChapter({ title: `Evil${INJECTION}`, city: `Cheyenne${INJECTION}\u0007\u001b`, state: "wy", slug: 'evil"chapter;x' });
    await buildEvent(chapter, { name: `Bar${INJECTION}\u2028X-INJECTED:1`, description: `Upstairs${INJECTION}\u000b`, address2: INJECTION });
    await buildEvent(chapter, { name: "Second", isSingleDate: true, singleDate: "2030-05-01", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });

    const own = await t.request("GET", `/api/chapter_calendar/${encodeURIComponent(chapter.slug)}/events.ics`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe('inline; filename="evil_chapter_x.ics"');
    const { calendar, events } = checkFeed(own.text, 2);
    // ical.js leaves X- properties escaped (the line breaks read "\n"); NAME is TEXT, unescaped.
    const escaped = (text: string) => text.replace(/\r\n/g, "\\n");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Evil${escaped(INJECTION)} Drinking Liberally`);
    expect(escaped(String(calendar.getFirstPropertyValue("name")).replace(/\n/g, "\r\n"))).toBe(calendar.getFirstPropertyValue("x-wr-calname"));
    expect(String(calendar.getFirstPropertyValue("x-wr-caldesc"))).toMatch(/^Meetings of Evil\\nBEGIN:VEVENT\\n/);
    const bar = events.find((e) => String(e.getFirstPropertyValue("summary")).includes("Bar"))!;
    expect(bar.getFirstPropertyValue("summary")).toContain("\nBEGIN:VEVENT\n");
    expect(bar.getFirstPropertyValue("url")).toBe(`${t.config.publicUrl}/chapter/wy/evil%22chapter%3Bx`);
    expect(lines(own.text).some((l) => l.startsWith("X-INJECTED"))).toBe(false);
    expect(own.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);

    checkFeed((await t.request("GET", "/api/chapter_calendar/state/wy/events.ics")).text, 2);
    checkFeed((await t.request("GET", "/api/chapter_calendar/all/events.ics")).text);
  });
});
