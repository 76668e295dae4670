import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser, grant } from "../test/factories";
import { CHAPTER_HIDDEN, type Chapter } from "../models/Chapter";
import { ActivityFeedItem } from "../models/ActivityFeedItem";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../contracts/roles";
import { REVIVE_CHAPTER_PATH } from "../contracts/chapterRevive";
import type { ChapterDetail } from "../contracts/chapter";
import { FORM_RESULT_COOKIE } from "./formResult";

const INDEX = `<!doctype html><html lang="en"><head><title>Living Liberally</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let withOrganizer: Chapter;
let withoutOrganizer: Chapter;
let active: Chapter;

/** The revive form as a browser posts it (a plain form, JavaScript on or off). */
const post = (fields: Record<string, string>, ip = "203.0.113.7") =>
  t.request("POST", REVIVE_CHAPTER_PATH, {
    raw: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
  });

const resultCookie = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FORM_RESULT_COOKIE}=`))!
    .split(";")[0];

/** The page the form returns to, as the browser loads it with the result cookie: its text without tags. */
async function pageText(location: string, cookie: string) {
  const res = await t.request("GET", location, { headers: { accept: "text/html", cookie } });
  return res.text
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

const form = (chapter: Chapter, extra: Record<string, string> = {}) => ({
  chapterId: String(chapter.id),
  name: "Rosa Parks",
  email: "Rosa@Example.org",
  message: "I went for years and would host it again.",
  back: `/chapter/${chapter.state}/${chapter.slug}`,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true", RATE_LIMITS: "reviveMessage=3" }, { uiIndex: INDEX });
  withOrganizer = await buildChapter({ slug: "dallas_revive", title: "Dallas", city: "Dallas", state: "tx", status: CHAPTER_HIDDEN });
  withoutOrganizer = await buildChapter({ slug: "waco_revive", title: "Waco", city: "Waco", state: "tx", status: CHAPTER_HIDDEN });
  active = await buildChapter({ slug: "austin_revive", title: "Austin", city: "Austin", state: "tx" });
  await grant(await buildUser({ name: "Fran Organizer", email: "fran@example.org" }), ROLE_FIELD_ORGANIZER, withOrganizer);
  await grant(await buildUser({ name: "Hal Host", email: "hal@example.org" }), ROLE_CHAPTER_HOST, withOrganizer);
}, 120_000);
afterAll(async () => t.close());

describe("a hidden chapter's revive form", () => {
  it("is named in the chapter answer: the field organizer by name (never an address), else the network; null on a chapter shown", async () => {
    const hidden = (await t.request<ChapterDetail>("GET", `/api/chapter/slug/${withOrganizer.slug}`)).body;
    expect(hidden).toMatchObject({ restricted: true, reviveContact: { kind: "field_organizer", name: "Fran Organizer" } });
    expect(JSON.stringify(hidden)).not.toContain("fran@example.org");
    expect((await t.request<ChapterDetail>("GET", `/api/chapter/slug/${withoutOrganizer.slug}`)).body.reviveContact).toEqual({
      kind: "network",
      name: "Living Liberally",
    });
    expect((await t.request<ChapterDetail>("GET", `/api/chapter/slug/${active.slug}`)).body.reviveContact).toBeNull();
  });

  it("mails the field organizer with Reply-To the visitor, lands on the page's revive section and says it was sent", async () => {
    const before = t.mail.sent.length;
    const res = await post(form(withOrganizer));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/chapter/tx/dallas_revive#revive");
    const sent = t.mail.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "fran@example.org",
      replyTo: "rosa@example.org",
      subject: "Rosa Parks would like to help Dallas Drinking Liberally meet again",
    });
    expect(sent[0].text).toContain("I went for years and would host it again.");
    expect(await ActivityFeedItem.query().where({ chapterId: withOrganizer.id }).where("title", "like", "Rosa Parks offered%").resultSize()).toBe(1);
    const text = await pageText("/chapter/tx/dallas_revive", resultCookie(res));
    expect(text).toContain("This Chapter is not active.");
    expect(text).toContain("Thank you! Your message was sent. Fran Organizer will write back to you by email.");
  });

  it("without a field organizer, writes to the network contact (MAIL_FROM)", async () => {
    const before = t.mail.sent.length;
    expect((await post(form(withoutOrganizer), "203.0.113.8")).status).toBe(303);
    expect(t.mail.sent.slice(before).map((m) => m.to)).toEqual([t.services.config.mailFrom.replace(/^.*<|>$/g, "")]);
  });

  it("checks what was typed: the page shows the problem with the form filled in again, and nothing is sent", async () => {
    const before = t.mail.sent.length;
    const res = await post(form(withOrganizer, { message: "   " }), "203.0.113.9");
    expect(res.headers.get("location")).toBe("/chapter/tx/dallas_revive#revive");
    const page = await t.request("GET", "/chapter/tx/dallas_revive", { headers: { accept: "text/html", cookie: resultCookie(res) } });
    expect(page.text).toContain("A message is required");
    expect(page.text).toContain('value="Rosa Parks"');
    const bad = await post(form(withOrganizer, { email: "rosa@" }), "203.0.113.9");
    expect(await pageText("/chapter/tx/dallas_revive", resultCookie(bad))).toContain("Email is not a valid email address");
    // An active chapter is joined through its list, not revived (its page shows no such form; the answer says so).
    const activeOne = await post(form(active), "203.0.113.9");
    const carried = JSON.parse(Buffer.from(resultCookie(activeOne).split("=")[1], "base64url").toString("utf8"));
    expect(carried.revive).toMatchObject({ ok: false, message: "This chapter is active: join its mailing list to hear about its meetups." });
    expect(t.mail.sent.length).toBe(before);
  });

  it("is limited per client address (RATE_LIMITS reviveMessage)", async () => {
    const before = t.mail.sent.length;
    for (let i = 0; i < 3; i++) expect((await post(form(withOrganizer), "198.51.100.1")).status).toBe(303);
    const fourth = await post(form(withOrganizer), "198.51.100.1");
    expect(await pageText("/chapter/tx/dallas_revive", resultCookie(fourth))).toMatch(/Too many messages from your address\. Please try again in/);
    expect(t.mail.sent.length - before).toBe(3);
  });
});
