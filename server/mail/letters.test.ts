/**
 * Issue 41: the letters people hear back with, read as a mail client reads them (mailparser over the bytes the one
 * MIME writer makes): a text and an HTML part, Auto-Submitted, and a Reply-To someone reads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildFieldOrganizer, buildHost, buildUser } from "../test/factories";
import { readMail, type ReadMail } from "../test/mime";
import { mimeMessage } from "../integrations/mail/mime";
import { EmailSettings } from "../models/EmailSettings";
import type { Chapter, User } from "../models";

let t: TestApp;
let admin: User;
const MAIL_FROM_ADDRESS = "no-reply@livingliberally.test";
beforeAll(async () => {
  t = await startTestApp({ MAIL_FROM: `Living Liberally <${MAIL_FROM_ADDRESS}>` });
  admin = await buildAdmin();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.mail.sent.length = 0;
});

/** Every message sent to one address, as mailparser reads it. */
async function mailsTo(email: string): Promise<ReadMail[]> {
  return Promise.all(t.mail.sent.filter((m) => m.to === email).map(async (m) => readMail(await mimeMessage(m, t.config.mailFrom))));
}

/** Both parts, marked automatic, replies going to `replyTo`. */
function expectLetter(mail: ReadMail, replyTo: string) {
  expect(mail.parsed.text, "a text part").toBeTruthy();
  expect(mail.parsed.html, "an HTML part").toMatch(/^<!doctype html>/);
  expect(mail.header("content-type")).toMatchObject({ value: "multipart/alternative" });
  expect(mail.header("auto-submitted")).toBe("auto-generated");
  expect(mail.parsed.replyTo?.value.map((a) => a.address)).toEqual([replyTo]);
}

describe("someone applies to host a chapter", () => {
  let applicant: User;
  let vermontOrganizer: User;
  let otherOrganizer: User;
  beforeAll(async () => {
    applicant = await buildUser({ name: "Ana Applicant", email: "ana.applicant@example.test" });
    vermontOrganizer = await buildFieldOrganizer(await buildChapter({ state: "VT", city: "Burlington", title: "Burlington" }));
    otherOrganizer = await buildFieldOrganizer(await buildChapter({ state: "ny", city: "Albany", title: "Albany" }));
  });

  const apply = async () => {
    const res = await t.request("POST", "/api/chapter_host_application", {
      as: applicant,
      body: { city: "Montpelier", state: "vt", type: "drinking", reason: "We need a <b>place</b> to talk & plan." },
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { slug: string };
  };

  it("the applicant hears what happens next, the admins and the state's field organizers hear of it; replies reach a person", async () => {
    const { slug } = await apply();
    expect(t.mail.sent, "sent by the queue once the application is filed").toHaveLength(0);
    await t.services.jobs.runDueJobs();

    const [receipt, ...more] = await mailsTo(applicant.email);
    expect(more).toHaveLength(0);
    expect(receipt.parsed.subject).toBe("We have your application to host a Drinking Liberally chapter in Montpelier");
    expectLetter(receipt, MAIL_FROM_ADDRESS);
    expect(receipt.parsed.text).toContain("Hi Ana Applicant,");
    expect(receipt.parsed.text).toContain("45-minute orientation call");
    expect(receipt.parsed.text).toContain(`${t.config.publicUrl}/my_chapter_host_applications/${slug}`);
    expect(receipt.parsed.html).toContain("45-minute orientation call");

    for (const [person, isAdmin] of [
      [admin, true],
      [vermontOrganizer, false],
    ] as const) {
      const [notice, ...others] = await mailsTo(person.email);
      expect(others).toHaveLength(0);
      expect(notice.parsed.subject).toBe("New host application: Drinking Liberally chapter in Montpelier, VT");
      expectLetter(notice, applicant.email);
      expect(notice.parsed.text).toContain("Ana Applicant (ana.applicant@example.test) applied to host a Drinking Liberally chapter in Montpelier, VT");
      expect(notice.parsed.text).toContain("We need a <b>place</b> to talk & plan.");
      // The applicant's words are text in the HTML part, never markup.
      expect(notice.parsed.html).toContain("We need a &lt;b&gt;place&lt;/b&gt; to talk &amp; plan.");
      const review = `${t.config.publicUrl}/admin/chapter_host_applications/${slug}`;
      if (isAdmin) expect(notice.parsed.text).toContain(review);
      else expect(notice.parsed.text).not.toContain(review);
    }
    expect(await mailsTo(otherOrganizer.email), "a field organizer elsewhere hears nothing").toHaveLength(0);

    // Running the queue again sends nothing more.
    const count = t.mail.sent.length;
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent).toHaveLength(count);
  });

  it("replies to the applicant's receipt go to the network contact of General Settings once set", async () => {
    await EmailSettings.query().findById(1).patch({ networkContactName: "Nia Network", networkContactEmail: "team@livingliberally.test" });
    try {
      await apply();
      await t.services.jobs.runDueJobs();
      const [receipt] = await mailsTo(applicant.email);
      expectLetter(receipt, "team@livingliberally.test");
      expect(receipt.parsed.text).toContain("it reaches Nia Network (team@livingliberally.test)");
    } finally {
      await EmailSettings.query().findById(1).patch({ networkContactName: "", networkContactEmail: "" });
    }
  });
});

describe("an admin makes a chapter active", () => {
  let chapter: Chapter;
  let host: User;
  let organizer: User;
  beforeAll(async () => {
    chapter = await buildChapter({ status: 0, state: "VT", city: "Barre", title: "Barre" });
    host = await buildHost(chapter);
    organizer = await buildFieldOrganizer(chapter);
  });
  const setStatus = (status: number) => t.request("POST", "/api/chapter", { as: admin, body: { id: chapter.id, status } });

  it("mails its hosts that it is live, with the chapter page's link; replies go to its field organizer", async () => {
    expect((await setStatus(1)).status).toBe(200);
    expect(await mailsTo(host.email)).toHaveLength(0);
    await t.services.jobs.runDueJobs();
    const [live, ...more] = await mailsTo(host.email);
    expect(more).toHaveLength(0);
    expect(live.parsed.subject).toBe("Barre is live");
    expectLetter(live, organizer.email);
    expect(live.parsed.text).toContain(`${t.config.publicUrl}/chapter/vt/${chapter.slug}`);
    expect(live.parsed.html).toContain(`href="${t.config.publicUrl}/chapter/vt/${chapter.slug}"`);
    expect(await mailsTo(organizer.email), "the field organizer is not a host").toHaveLength(0);
  });

  it("sends nothing for a save that leaves it active, nor for hiding it", async () => {
    expect((await t.request("POST", "/api/chapter", { as: admin, body: { id: chapter.id, status: 1, city: "Barre" } })).status).toBe(200);
    expect((await setStatus(0)).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(await mailsTo(host.email)).toHaveLength(0);
  });
});
