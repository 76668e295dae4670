import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { expectAccess, WHO, type Personas } from "../test/access";
import { buildAdmin, buildChapter, buildEvent, buildFieldOrganizer, buildHost, buildUser, grant } from "../test/factories";
import { saveChapterHealthRow } from "../commands/chapterHealth";
import { EmailSettings } from "../models/EmailSettings";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import type { Chapter, User } from "../models";
import type { ChapterFirstSteps, FirstStepKey } from "../contracts/firstSteps";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
const NETWORK = "team@livingliberally.test";
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ status: 0 }, { MAIL_FROM: `Living Liberally <${NETWORK}>` }));
});
afterAll(async () => t.close());

const path = (c: { id: number }) => `/api/chapter/first_steps/${c.id}`;

async function stepsOf(c: { id: number }, as: { id: number } = p.admin): Promise<ChapterFirstSteps> {
  const res = await t.request<ChapterFirstSteps>("GET", path(c), { as });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The steps done, in the checklist's order. */
const done = (answer: ChapterFirstSteps): FirstStepKey[] => answer.steps.filter((s) => s.done).map((s) => s.key);

/** A new hidden chapter with one host and no field organizer, as an admin makes it. */
async function newChapter(): Promise<{ chapter: Chapter; host: User }> {
  const fresh = await buildChapter({ status: 0, about: "" });
  return { chapter: fresh, host: await buildHost(fresh) };
}

async function uploadHeader(c: Chapter, as: User) {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "header.png");
  const res = await t.request("POST", `/api/chapter/header_image/${c.id}`, { as, raw: form });
  expect(res.status, res.text).toBe(200);
}

async function emailList(c: Chapter, as: User) {
  const res = await t.request("POST", "/api/mailing_list/send_message", {
    as,
    body: { listId: c.sendInBlueListId, title: "Hello", body: "First meetup soon" },
  });
  expect(res.status, res.text).toBe(202);
}

describe("GET /api/chapter/first_steps/{id}", () => {
  it("needs host access: 401 for visitors, 403 for plain users and other chapters' hosts; 400 and 404 for bad ids", async () => {
    await expectAccess(t, p, { method: "GET", path: path(chapter) }, WHO.hostAccess);
    const bad = await t.request("GET", "/api/chapter/first_steps/abc", { as: p.host });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "id must be a positive whole number", field: "id" });
    expect((await t.request("GET", "/api/chapter/first_steps/999999", { as: p.host })).status).toBe(404);
  });

  it("a new hidden chapter without a field organizer: nothing done, and the network contact names who switches it on", async () => {
    const { chapter: fresh, host } = await newChapter();
    expect(await stepsOf(fresh, host)).toEqual({
      show: true,
      hidden: true,
      dormant: false,
      steps: [
        { key: "about", done: false },
        { key: "event", done: false },
        { key: "headerImage", done: false },
        { key: "listEmail", done: false },
      ],
      switchedOnBy: { fieldOrganizers: [], network: { name: "Living Liberally", email: NETWORK, postalAddress: "" } },
      contact: { name: "Living Liberally", email: NETWORK },
    });
    await EmailSettings.query().findById(1).patch({ postalAddress: "PO Box 1\nNew York, NY 10001" });
    try {
      expect((await stepsOf(fresh, host)).switchedOnBy?.network).toEqual({
        name: "Living Liberally",
        email: NETWORK,
        postalAddress: "PO Box 1\nNew York, NY 10001",
      });
    } finally {
      await EmailSettings.query().findById(1).patch({ postalAddress: "" });
    }
  });

  it("names the network contact of General Settings instead of MAIL_FROM once one is set (issue 41)", async () => {
    const { chapter: fresh, host } = await newChapter();
    const saved = await t.request("POST", "/api/email_settings", {
      as: p.admin,
      body: { networkContactName: "Nia Network", networkContactEmail: "Nia@Example.org" },
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const answer = await stepsOf(fresh, host);
      expect(answer.switchedOnBy?.network).toEqual({ name: "Nia Network", email: "nia@example.org", postalAddress: "" });
      expect(answer.contact).toEqual({ name: "Nia Network", email: "nia@example.org" });
      expect(JSON.stringify(answer)).not.toContain(NETWORK);
    } finally {
      await EmailSettings.query().findById(1).patch({ networkContactName: "", networkContactEmail: "" });
    }
  });

  it("names the chapter's field organizers (name and email only, longest-serving first), not its hosts or admins", async () => {
    const { chapter: fresh, host } = await newChapter();
    const first = await buildFieldOrganizer(fresh);
    const second = await grant(await buildUser({ name: "Finn Second" }), ROLE_FIELD_ORGANIZER, fresh);
    await grant(await buildUser({ name: "Hana Cohost" }), ROLE_CHAPTER_HOST, fresh);
    await buildAdmin();
    // A field organizer of another chapter is nobody to ask.
    await grant(await buildUser({ name: "Elsewhere Organizer" }), ROLE_FIELD_ORGANIZER, p.otherChapter);
    const answer = await stepsOf(fresh, host);
    expect(answer.switchedOnBy).toEqual({
      fieldOrganizers: [
        { name: "Fay Organizer", email: first.email },
        { name: "Finn Second", email: second.email },
      ],
      network: null,
    });
    expect(answer.contact).toEqual({ name: "Fay Organizer", email: first.email });
    expect(JSON.stringify(answer)).not.toMatch(/passwordHash|username|"id"/);
  });

  it("marks each step done as the host does it, and stops showing once the chapter is on and every step is done", async () => {
    const { chapter: fresh, host } = await newChapter();
    expect(done(await stepsOf(fresh, host))).toEqual([]);

    // Whitespace is no about text.
    expect((await t.request("POST", "/api/chapter", { as: host, body: { id: fresh.id, about: "   " } })).status).toBe(200);
    expect(done(await stepsOf(fresh, host))).toEqual([]);
    expect((await t.request("POST", "/api/chapter", { as: host, body: { id: fresh.id, about: "We meet at the **Tavern**." } })).status).toBe(200);
    expect(done(await stepsOf(fresh, host))).toEqual(["about"]);

    await buildEvent(fresh);
    expect(done(await stepsOf(fresh, host))).toEqual(["about", "event"]);

    await uploadHeader(fresh, host);
    expect(done(await stepsOf(fresh, host))).toEqual(["about", "event", "headerImage"]);
    // Deleting the header image undoes the step.
    expect((await t.request("DELETE", `/api/chapter/header_image/${fresh.id}`, { as: host })).status).toBe(200);
    expect(done(await stepsOf(fresh, host))).toEqual(["about", "event"]);
    await uploadHeader(fresh, host);

    await emailList(fresh, host);
    const emailed = await stepsOf(fresh, host);
    expect(done(emailed)).toEqual(["about", "event", "headerImage", "listEmail"]);
    // Still hidden: still shown, with who switches it on.
    expect(emailed).toMatchObject({ show: true, hidden: true, switchedOnBy: { fieldOrganizers: [], network: { email: NETWORK } } });

    const organizer = await buildFieldOrganizer(fresh);
    expect((await t.request("POST", "/api/chapter", { as: organizer, body: { id: fresh.id, status: 1 } })).status).toBe(200);
    expect(await stepsOf(fresh, host)).toMatchObject({ show: false, hidden: false, dormant: false, switchedOnBy: null });
  });

  it("a visible chapter shows the steps without the hidden notice until every one is done, not only until it emails (issue 41)", async () => {
    const visible = await buildChapter({ status: 1, about: "" });
    const host = await buildHost(visible);
    expect(await stepsOf(visible, host)).toMatchObject({ show: true, hidden: false, switchedOnBy: null });
    await emailList(visible, host);
    await buildEvent(visible);
    // Emailed, with an event, but About and the header image still empty: still shown.
    expect(await stepsOf(visible, host)).toMatchObject({ show: true, hidden: false, switchedOnBy: null });
    expect(done(await stepsOf(visible, host))).toEqual(["event", "listEmail"]);
    expect((await t.request("POST", "/api/chapter", { as: host, body: { id: visible.id, about: "Already written" } })).status).toBe(200);
    expect((await stepsOf(visible, host)).show).toBe(true);
    await uploadHeader(visible, host);
    expect(await stepsOf(visible, host)).toMatchObject({ show: false, hidden: false, switchedOnBy: null });
    expect(done(await stepsOf(visible, host))).toEqual(["about", "event", "headerImage", "listEmail"]);
  });

  it("a chapter the two-month rule took off the map is dormant: hidden, and a list email brings it back", async () => {
    const dormant = await buildChapter({ status: 0 });
    const host = await buildHost(dormant);
    const at = new Date().toISOString();
    await saveChapterHealthRow(t.services.knex, dormant.id, { dormantSince: at, countedFrom: at }, at);
    expect(await stepsOf(dormant, host)).toMatchObject({ show: true, hidden: true, dormant: true });
    await emailList(dormant, host);
    expect(await stepsOf(dormant, host)).toMatchObject({ hidden: false, dormant: false, switchedOnBy: null });
    // The personas' chapter was hidden by hand: not dormant, and its field organizer is named.
    expect(await stepsOf(chapter, p.host)).toMatchObject({
      hidden: true,
      dormant: false,
      switchedOnBy: { fieldOrganizers: [{ name: "Fay Organizer", email: p.fieldOrganizer.email }], network: null },
    });
  });
});
