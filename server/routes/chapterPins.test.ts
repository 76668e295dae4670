import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent } from "../test/factories";
import type { ChapterPinList, ChapterWithEvents } from "../contracts/chapter";

let t: TestApp;

const inDays = (n: number) => DateTime.now().setZone("America/Chicago").plus({ days: n }).toISODate()!;

beforeAll(async () => {
  t = await startTestApp();
  const austin = await buildChapter({ slug: "austin", title: "Austin", city: "Austin", state: "tx", chapterTypeId: 1 });
  // The soonest of its events is pinned: a single date in two days beats a weekly one further off only if sooner.
  await buildEvent(austin, {
    name: "Weekly",
    isSingleDate: false,
    dayOfWeekIndex: DateTime.now().setZone("America/Chicago").plus({ days: 4 }).weekday % 7,
    lat: 30.1,
    lng: -97.1,
  });
  await buildEvent(austin, { name: "Soon", isSingleDate: true, singleDate: inDays(2), dayOfWeekIndex: null, lat: 30.2671234, lng: -97.7430678 });
  await buildEvent(austin, { name: "Past", isSingleDate: true, singleDate: inDays(-5), dayOfWeekIndex: null, lat: 1, lng: 1 });
  const boston = await buildChapter({ slug: "boston", title: "Boston", city: "Boston", state: "ma", chapterTypeId: 4 });
  // Only a past date and one without a place: no pin place, no date; the list still has the chapter.
  await buildEvent(boston, { name: "Gone", isSingleDate: true, singleDate: inDays(-3), dayOfWeekIndex: null });
  await buildEvent(boston, { name: "Nowhere", isSingleDate: true, singleDate: inDays(400), dayOfWeekIndex: null, lat: null, lng: null });
  await buildChapter({ slug: "london", title: "London", city: "London", state: "", chapterTypeId: 2 });
  await buildChapter({ slug: "hidden", title: "Aardvark", city: "Aardvark", status: 0 });
});
afterAll(() => t.close());

describe("GET /api/chapters/pins", () => {
  it("answers every active chapter as one compact row, sorted by title, with the chapter types", async () => {
    const res = await t.request<ChapterPinList>("GET", "/api/chapters/pins");
    expect(res.status).toBe(200);
    expect(res.body.types.map((ty) => ty.name)).toEqual(["drinking", "screening", "living", "laughing", "dining", "reading"]);
    expect(Object.keys(res.body.types[0]).sort()).toEqual(["hexColor", "id", "name"]);
    const rows = res.body.pins.map(([, slug, name, state, typeId, lat, lng, next, eventName]) => [slug, name, state, typeId, lat, lng, next, eventName]);
    expect(rows).toEqual([
      ["austin", "Austin", "tx", 1, 30.26712, -97.74307, inDays(2), "Soon"],
      ["boston", "Boston", "ma", 4, null, null, inDays(400), "Nowhere"],
      ["london", "London", "int", 2, null, null, null, ""],
    ]);
  });

  it("pins the same place as the full active list does, in a fraction of its size", async () => {
    const [pins, active] = await Promise.all([
      t.request<ChapterPinList>("GET", "/api/chapters/pins"),
      t.request<ChapterWithEvents[]>("GET", "/api/chapters/active"),
    ]);
    expect(pins.body.pins.map((p) => p[0])).toEqual(active.body.map((c) => c.id));
    expect(pins.text.length * 3).toBeLessThan(active.text.length);
  });
});
