/**
 * A list email as members get it, on every transport (issue 29): multipart/alternative (HTML from the host's
 * markdown in the chapter's template, and plain text from the same markdown), List-Id, the one-click unsubscribe
 * headers, Reply-To the chapter's alias (or the host), From "{host} via {chapter}" at the network's address.
 * Read with mailparser from the outbox and a fake SMTP server; from the Brevo and Bronto fakes as their APIs got it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressObject } from "mailparser";
import { startTestApp, type TestApp } from "../test/harness";
import { startAppWithFakeProviders } from "../test/fakeProviders";
import { buildAdmin, buildChapter, buildHost } from "../test/factories";
import { mimeProblems, readMail, readOutbox, type ReadMail } from "../test/mime";
import { FakeSmtp } from "../integrations/mail/fakeSmtp";
import type { FakeBrevo } from "../integrations/listProviders/fakes/brevo";
import type { FakeBronto } from "../integrations/listProviders/fakes/bronto";
import { MailingListContact } from "../models/MailingListContact";
import type { Chapter } from "../models/Chapter";
import type { User } from "../models/User";

const BODY = "Our **first meetup** is at [Bardenay](https://bardenay.example/boise).\n\nBring:\n\n- a friend\n- questions\n\nSee you there,\nHal";
const POSTAL = "Living Liberally, PO Box 1, New York, NY 10001";
const MEMBER = "member@example.org";
const NETWORK = { name: "Chapterhouse", address: "no-reply@livingliberally.org" };

interface Sent {
  chapter: Chapter;
  host: User;
  /** The member's unsubscribe page (body link) and one-click URL (header). */
  page: string;
  oneClick: string;
}

/** A chapter (drinking, alias boise), its host, a member and the postal address; the host emails the list. */
async function sendOne(t: TestApp, chapter: Partial<Chapter> = {}, list: "sendInBlueListId" | "brontoListId" = "sendInBlueListId"): Promise<Sent> {
  const built = await buildChapter({ slug: `boise_${chapter.emailAlias ?? "none"}`, title: "Boise", city: "Boise", chapterTypeId: 1, ...chapter });
  const host = await buildHost(built);
  const admin = await buildAdmin();
  expect((await t.request("POST", "/api/email_settings", { as: admin, body: { postalAddress: POSTAL } })).status).toBe(200);
  await t.request("POST", "/api/mailing_list/sign_up", { body: { email: MEMBER, listId: built[list] } });
  await t.services.jobs.runDueJobs();
  const res = await t.request("POST", "/api/mailing_list/send_message", { as: host, body: { title: "First meetup", body: BODY, listId: built[list] } });
  expect(res.status).toBe(202);
  await t.services.jobs.runDueJobs();
  const contact = await MailingListContact.query().findOne({ chapterId: built.id, email: MEMBER });
  return {
    chapter: built,
    host,
    page: `${t.config.publicUrl}/unsubscribe/${contact!.unsubscribeToken}`,
    oneClick: `${t.config.publicUrl}/api/mailing_list/unsubscribe/${contact!.unsubscribeToken}`,
  };
}

/** The HTML part: the body rendered and sanitized in the chapter's template, with the footer. */
function expectHtml(html: string, unsubscribeUrl: string) {
  expect(html).toContain('<html lang="en">');
  expect(html).toContain("<strong>first meetup</strong>");
  expect(html).toContain('href="https://bardenay.example/boise"');
  expect(html).toContain("<li>a friend</li>");
  expect(html).toContain("Drinking Liberally");
  expect(html).toContain(">Boise<");
  expect(html).toContain("#1f5fa8");
  expect(html).toContain("You are receiving this email because you joined the Boise mailing list.");
  expect(html).toContain(`href="${unsubscribeUrl}"`);
  expect(html).toContain(POSTAL);
}

/** The text part: the same words, links as "text (url)", no markdown marks. */
function expectText(text: string, unsubscribeUrl: string) {
  expect(text).toContain("Our first meetup is at Bardenay (https://bardenay.example/boise).");
  expect(text).toContain("• a friend\n• questions");
  expect(text).toContain("See you there,\nHal");
  expect(text).not.toMatch(/\*\*|\]\(|^- /m);
  expect(text).toContain("You are receiving this email because you joined the Boise mailing list.");
  expect(text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
  expect(text).toContain(POSTAL);
}

const first = (a: AddressObject | AddressObject[] | undefined) => [a ?? []].flat()[0]?.value[0];

async function expectListMail(mail: ReadMail, sent: Sent, replyTo: string) {
  expect(await mimeProblems(mail.raw)).toEqual([]);
  expect(mail.parsed.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
  expect(first(mail.parsed.from)).toEqual({ name: `${sent.host.name} via Boise`, address: NETWORK.address });
  expect(first(mail.parsed.replyTo)?.address).toBe(replyTo);
  const raw = mail.raw.toString("latin1").replace(/\r\n[ \t]+/g, " ");
  expect(raw).toMatch(new RegExp(`^List-Id: <${sent.chapter.slug}\\.drinkingliberally\\.org>\\r$`, "im"));
  expect(raw).toContain(`\r\nList-Unsubscribe: <${sent.oneClick}>\r\n`);
  expect(raw).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
  expectHtml(mail.parsed.html || "", sent.page);
  expectText(mail.parsed.text ?? "", sent.page);
}

describe("through the outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAIL_FROM: `${NETWORK.name} <${NETWORK.address}>` }, { deliver: true });
  });
  afterAll(async () => t.close());
  const outbox = async (subject: string) => (await readOutbox(path.join(t.config.dataDir, "outbox"))).filter((m) => m.parsed.subject === subject);

  it("has both parts and the headers a mailbox trusts; replies go to the chapter's alias", async () => {
    const sent = await sendOne(t, { emailAlias: "boise" });
    const [mail] = await outbox("First meetup");
    await expectListMail(mail, sent, "boise@drinkingliberally.org");
  });

  it("sends replies to the host who wrote it when the chapter has no alias", async () => {
    const sent = await sendOne(t, { emailAlias: "" });
    const mails = await outbox("First meetup");
    const mail = mails.find((m) => m.raw.toString("latin1").includes(`<${sent.chapter.slug}.drinkingliberally.org>`))!;
    await expectListMail(mail, sent, sent.host.email);
  });
});

describe("over SMTP", () => {
  const smtp = new FakeSmtp();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: `${NETWORK.name} <${NETWORK.address}>` }, { deliver: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("is the same message, sent from the network's address to the member alone", async () => {
    const sent = await sendOne(t, { emailAlias: "boise" });
    // The list email alone (joining also sent the member a welcome).
    const received = smtp.messages.filter((m) => m.to.includes(MEMBER) && !m.raw.toString("utf8").includes("Subject: Welcome to "));
    expect(received).toHaveLength(1);
    expect([received[0].from, received[0].to]).toEqual([NETWORK.address, [MEMBER]]);
    await expectListMail(await readMail(received[0].raw), sent, "boise@drinkingliberally.org");
  });
});

describe("through Brevo and Bronto", () => {
  let t: TestApp;
  let brevo: FakeBrevo;
  let bronto: FakeBronto;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, brevo, bronto, close } = await startAppWithFakeProviders());
  });
  afterAll(async () => close());

  it("Brevo gets htmlContent and textContent, the sender's name, Reply-To and the list headers", async () => {
    const sent = await sendOne(t, { emailAlias: "boise" });
    const [email] = brevo.emails.filter((e) => e.to === MEMBER);
    expect(email.sender).toEqual({ name: `${sent.host.name} via Boise`, email: "no-reply@livingliberally.org" });
    expect(email.replyTo).toEqual({ email: "boise@drinkingliberally.org" });
    expect(email.headers).toEqual({
      "List-Id": `<${sent.chapter.slug}.drinkingliberally.org>`,
      "List-Unsubscribe": `<${sent.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expectHtml(email.htmlContent, sent.page);
    expectText(email.textContent, sent.page);
  });

  it("Bronto gets an HTML and a text version, the sender's name and the reply address", async () => {
    const admin = await buildAdmin();
    await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } });
    await t.services.jobs.runDueJobs();
    const sent = await sendOne(t, { emailAlias: "boisebronto" }, "brontoListId");
    const [delivery] = bronto.deliveries.filter((d) => d.email === MEMBER);
    expect([delivery.fromName, delivery.fromEmail, delivery.replyEmail]).toEqual([
      `${sent.host.name} via Boise`,
      "no-reply@livingliberally.org",
      "boisebronto@drinkingliberally.org",
    ]);
    const content = bronto.messages.get(delivery.messageId)!.content;
    const fill = (s: string) => s.replaceAll("%%#unsubscribe_url%%", delivery.fields.unsubscribe_url);
    expectHtml(fill(content.find((c) => c.type === "html")!.content), sent.page);
    expectText(fill(content.find((c) => c.type === "text")!.content), sent.page);
  });
});
