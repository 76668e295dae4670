import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent } from "../test/factories";
import { CHAPTER_HIDDEN } from "../models/Chapter";
import type { NearChaptersAnswer } from "../contracts/chapter";
import { milesBetween, nearestChapters, type PlacedChapter } from "../presenters/chaptersNear";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const austin = await buildChapter({
    slug: "austin",
    title: "Drinking Liberally",
    city: "Austin",
    state: "tx",
    postalCode: "78701",
    timeZone: "America/Chicago",
  });
  await buildEvent(austin, { name: "The Scoot Inn", lat: 30.2622, lng: -97.7228, dayOfWeekIndex: 2, weeksOfMonthIndexes: "0" });
  // No event placed yet: found by its own ZIP code.
  await buildChapter({ slug: "dallas", title: "Dallas", city: "Dallas", state: "tx", postalCode: "75201", timeZone: "America/Chicago" });
  const hidden = await buildChapter({ slug: "round-rock", title: "Round Rock", city: "Round Rock", state: "tx", postalCode: "78664", status: CHAPTER_HIDDEN });
  await buildEvent(hidden, { name: "Hidden Bar", lat: 30.5083, lng: -97.6789 });
  await buildChapter({ slug: "seattle", title: "Seattle", city: "Seattle", state: "wa", postalCode: "98101", timeZone: "America/Los_Angeles" });
}, 120_000);
afterAll(async () => t.close());

describe("GET /api/chapters/near", () => {
  it("answers the place and the active chapters nearest it, nearest first, with distances and next meetups", async () => {
    const res = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78704");
    expect(res.status).toBe(200);
    expect(res.body.place.label).toBe("Austin, TX 78704");
    expect(res.body.chapters.map((c) => c.slug)).toEqual(["austin", "dallas", "seattle"]);
    const [austin, dallas] = res.body.chapters;
    // The display title, and the name with its type as lists show it alone.
    expect(austin).toMatchObject({ title: "Austin: Drinking Liberally", name: "Austin Drinking Liberally", city: "Austin", state: "tx", chapterTypeId: 1 });
    expect(dallas.name).toBe("Dallas Drinking Liberally");
    expect(austin.distanceMiles).toBeGreaterThan(0);
    expect(austin.distanceMiles).toBeLessThan(5);
    expect(austin.distanceMiles).toBe(Math.round(milesBetween(res.body.place, { lat: 30.2622, lng: -97.7228 }) * 10) / 10);
    expect(austin.next).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), name: "The Scoot Inn" });
    expect(dallas.next).toBeNull();
    expect(dallas.distanceMiles).toBeGreaterThan(150);
    expect(dallas.distanceMiles).toBeLessThan(200);
  });

  it("takes what people type: a ZIP code or ZIP+4 anywhere in the text, a state's name, words around the place", async () => {
    for (const typed of ["Austin, TX 78704", "78704-1234", "drinking liberally near Austin, TX 78704", "78704 Austin, Texas"]) {
      const res = await t.request<NearChaptersAnswer>("GET", `/api/chapters/near?place=${encodeURIComponent(typed)}`);
      expect(res.status, typed).toBe(200);
      expect(res.body.place.label, typed).toBe("Austin, TX 78704");
      expect(
        res.body.chapters.map((c) => c.slug),
        typed,
      ).toEqual(["austin", "dallas", "seattle"]);
    }
    // As a browser sends the finder's form ("+" for a space).
    const form = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=Austin%2C+TX+78704&type=");
    expect(form.status).toBe(200);
    expect(form.body.chapters.map((c) => c.slug)).toEqual(["austin", "dallas", "seattle"]);
    for (const typed of ["Austin, Texas", "Austin Texas", "Drinking Liberally Austin TX"]) {
      const res = await t.request<NearChaptersAnswer>("GET", `/api/chapters/near?place=${encodeURIComponent(typed)}&limit=1`);
      expect(res.status, typed).toBe(200);
      expect(res.body.place.label, typed).toBe("Austin, TX");
      expect(
        res.body.chapters.map((c) => c.slug),
        typed,
      ).toEqual(["austin"]);
    }
  });

  it("takes a city and state, and a limit", async () => {
    const res = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=Seattle%2C%20WA&limit=1");
    expect(res.status).toBe(200);
    expect(res.body.place.label).toBe("Seattle, WA");
    expect(res.body.chapters.map((c) => c.slug)).toEqual(["seattle"]);
  });

  it("follows a chapter that is switched on", async () => {
    const { Chapter } = await import("../models/Chapter");
    await Chapter.query().patch({ status: 1 }).where({ slug: "round-rock" });
    const res = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78664&limit=1");
    expect(res.body.chapters.map((c) => c.slug)).toEqual(["round-rock"]);
    await Chapter.query().patch({ status: CHAPTER_HIDDEN }).where({ slug: "round-rock" });
    const again = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78664");
    expect(again.body.chapters.map((c) => c.slug)).not.toContain("round-rock");
  });

  it("takes a chapter type by name, and answers 400 naming the types for an unknown one", async () => {
    const { Chapter } = await import("../models/Chapter");
    await Chapter.query().patch({ chapterTypeId: 4 }).where({ slug: "dallas" });
    try {
      const laughing = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78704&type=laughing");
      expect(laughing.body.chapters.map((c) => c.slug)).toEqual(["dallas"]);
      const drinking = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78704&type=Drinking&limit=5");
      expect(drinking.body.chapters.map((c) => c.slug)).toEqual(["austin", "seattle"]);
      const none = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78704&type=reading");
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ place: { label: "Austin, TX 78704" }, chapters: [] });
      // No type (the home page's form sends an empty one): every type.
      const all = await t.request<NearChaptersAnswer>("GET", "/api/chapters/near?place=78704&type=");
      expect(all.body.chapters.map((c) => c.slug)).toEqual(["austin", "dallas", "seattle"]);
      const unknown = await t.request("GET", "/api/chapters/near?place=78704&type=brewing");
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        error: 'Unknown chapter type: "brewing". Try one of drinking, screening, living, laughing, dining, reading.',
        field: "type",
      });
    } finally {
      await Chapter.query().patch({ chapterTypeId: 1 }).where({ slug: "dallas" });
    }
  });

  it("answers 400 naming an unknown place, and for a missing place or a bad limit", async () => {
    const unknown = await t.request("GET", "/api/chapters/near?place=Nowhereville%2C%20ZZ");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown place: "Nowhereville, ZZ". Try a ZIP code or "City, ST".');
    expect((await t.request("GET", "/api/chapters/near")).body.error).toBe('place is required: a ZIP code or "City, ST"');
    for (const limit of ["0", "51", "ten", "2.5"]) {
      const res = await t.request("GET", `/api/chapters/near?place=78704&limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.error).toBe("limit must be a whole number from 1 to 50");
    }
  });
});

describe("the nearest chapters, kept", () => {
  it("answer a place searched again with the same bytes and 304 to its ETag", async () => {
    const first = await t.request("GET", "/api/chapters/near?place=78704");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await t.request("GET", "/api/chapters/near?place=78704", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("answer every spelling of a place with one answer, found once", async () => {
    const found = vi.spyOn(t.services.geocoder, "geocodePlace");
    try {
      const answers = [];
      for (const spelling of [" 78745 ", "78745", "78745-0001", "Austin, TX 78745"]) {
        answers.push(await t.request<NearChaptersAnswer>("GET", `/api/chapters/near?place=${encodeURIComponent(spelling)}`));
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(answers.map((a) => a.body.place.label)).toEqual(Array(4).fill("Austin, TX 78745"));
      expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
      expect(found.mock.calls).toEqual([["78745"]]);
    } finally {
      found.mockRestore();
    }
  });

  it("nearestChapters keeps the same order as sorting every chapter by distance", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const chapters: PlacedChapter[] = Array.from({ length: 2000 }, (_, i) => ({
      id: i,
      slug: `c${i}`,
      title: `Chapter ${i % 500}`,
      name: `Chapter ${i % 500} Drinking Liberally`,
      city: "",
      state: "tx",
      chapterTypeId: 1,
      next: null,
      lat: 25 + Math.round(random() * 200) / 10,
      lng: -120 + Math.round(random() * 500) / 10,
    }));
    const from = { lat: 30.25, lng: -97.75 };
    const sorted = chapters
      .map((c) => ({ c, miles: milesBetween(from, c) }))
      .sort((a, b) => a.miles - b.miles || a.c.title.localeCompare(b.c.title))
      .map((x) => x.c.id);
    for (const limit of [1, 10, 50]) expect(nearestChapters(chapters, from, limit).map((c) => c.id)).toEqual(sorted.slice(0, limit));
  });
});
