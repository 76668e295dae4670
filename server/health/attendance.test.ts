import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildPersonas } from "../test/factories";
import { meetupHoursFromNow } from "../test/meetupTimes";
import type { Personas } from "../test/access";
import type { Chapter, ChapterEvent } from "../models";
import type { ChapterHealthRow } from "../contracts/chapterHealth";
import { runHealthSweep } from "./sweep";

const DAY = 86_400_000;

let t: TestApp;
let p: Personas;
let chapter: Chapter;
let event: ChapterEvent;
const underWay = meetupHoursFromNow("America/Chicago", -1, 1);
/** When the meetup under way started (to the minute), as the health table writes instants. */
const startedAt = () => DateTime.fromISO(`${underWay.date}T${underWay.weekly.startTime}`, { zone: "America/Chicago" }).toUTC().toISO()!;

const rowOf = async () => (await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health", { as: p.admin })).body.find((r) => r.chapterId === chapter.id)!;
const attended = (emails: string[]) => t.request("POST", "/api/rsvp/attended", { as: p.host, body: { slug: event.slug, date: underWay.date, emails } });

beforeAll(async () => {
  t = await startTestApp();
  const longAgo = new Date(Date.now() - 100 * DAY).toISOString();
  chapter = await buildChapter({ title: "Quiet Town", city: "Quiet Town", timeZone: "America/Chicago", createdAt: longAgo });
  p = await buildPersonas(chapter);
  event = await buildEvent(chapter, { name: "The Scoot Inn", ...underWay.weekly, createdAt: longAgo });
  // The last list email, 50 days ago: at risk (42 days) but not dormant (56).
  const lastEmail = new Date(Date.now() - 50 * DAY).toISOString();
  await t.services
    .knex("chapterBlogPosts")
    .insert({ chapterId: chapter.id, userId: p.host.id, title: "Hello", slug: "hello", body: "", createdAt: lastEmail, updatedAt: lastEmail });
});
afterAll(async () => t.close());

describe("chapter health and attendance", () => {
  it("counts a meetup with attendance recorded as a sign of life, from when it started, until the list is emptied", async () => {
    expect(await rowOf()).toMatchObject({ health: "at_risk", silenceFrom: "last_email" });

    expect((await attended(["walk.in@example.org"])).status).toBe(200);
    expect(await rowOf()).toMatchObject({ health: "active", silenceFrom: "attended_meetup", countedFrom: startedAt() });
    expect(await runHealthSweep(t.services, new Date())).toEqual({ atRisk: 0, dormant: 0 });

    // Nobody came after all: the silence counts from the last email again.
    expect((await attended([])).status).toBe(200);
    expect(await rowOf()).toMatchObject({ health: "at_risk", silenceFrom: "last_email" });
    expect(await runHealthSweep(t.services, new Date())).toEqual({ atRisk: 1, dormant: 0 });
  });
});
