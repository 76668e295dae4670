/** Double opt-in for public list signups: a General Settings switch, off by default. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildHost, buildUser } from "../test/factories";
import { ActivityFeedItem, Job, MailingListContact } from "../models";
import type { Chapter } from "../models/Chapter";
import type { User } from "../models/User";

let t: TestApp;
let chapter: Chapter;
let admin: User;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "" });
  chapter = await buildChapter({ title: "Springfield", city: "Springfield" });
  admin = await buildAdmin();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const signUp = (email: string) => t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: chapter.sendInBlueListId } });
const setDoubleOptIn = (doubleOptIn: boolean) => t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn } });
const contact = (email: string) => MailingListContact.query().findOne({ chapterId: chapter.id, email });
const syncJobs = async (email: string) => {
  const c = await contact(email);
  return (await Job.query().where({ type: "list.syncContact" })).filter((j) => (j.payload as { contactId: number }).contactId === c?.id).length;
};
const mailsTo = (email: string) => t.mail.sent.filter((m) => m.to === email);
const linkIn = (email: string) => /\/confirm_subscription\/([A-Za-z0-9_-]+)/.exec(mailsTo(email).at(-1)!.text)![1];

describe("the switch", () => {
  it("is off by default, and then a signup is active at once with no mail (as before)", async () => {
    expect((await t.request("GET", "/api/email_settings", { as: admin })).body.doubleOptIn).toBe(false);
    const res = await signUp("direct@example.org");
    expect(res.body).toEqual({ return: { results: [{ isError: false, errorString: "" }] } });
    expect((await contact("direct@example.org"))!.status).toBe("active");
    expect(mailsTo("direct@example.org")).toHaveLength(0);
  });

  it("is for admins only, is turned on and off through the email settings, and shows in the activity feed", async () => {
    const chapterHost = await buildHost(chapter);
    expect((await t.request("POST", "/api/email_settings", { as: chapterHost, body: { doubleOptIn: true } })).status).toBe(403);
    expect((await t.request("POST", "/api/email_settings", { body: { doubleOptIn: true } })).status).toBe(401);
    const bad = await t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn: "yes" } });
    expect([bad.status, bad.body.error]).toEqual([400, "doubleOptIn must be true or false"]);

    const on = await setDoubleOptIn(true);
    expect(on.body).toMatchObject({ doubleOptIn: true, serviceName: "sendInBlue" });
    expect((await t.request("GET", "/api/email_settings", { as: admin })).body.doubleOptIn).toBe(true);
    expect(await ActivityFeedItem.query().findOne({ title: "Mailing list signups now need confirming by email" })).toMatchObject({
      adminOnly: true,
      userId: admin.id,
    });
    expect((await setDoubleOptIn(false)).body.doubleOptIn).toBe(false);
  });
});

describe("with double opt-in on", () => {
  beforeAll(async () => {
    await setDoubleOptIn(true);
  });
  afterAll(async () => {
    await setDoubleOptIn(false);
  });

  it("stores a new address as unconfirmed, mails a link, and makes it active (and synced) once the link is followed", async () => {
    const email = "careful@example.org";
    const res = await signUp(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ return: { results: [{ isError: false, errorString: "", needsConfirmation: true }] } });
    expect((await contact(email))!.status).toBe("unconfirmed");
    expect(await syncJobs(email)).toBe(0);

    const [mail] = mailsTo(email);
    expect(mail.subject).toBe("Please confirm your subscription to the Springfield mailing list");
    expect(mail.text).toContain(`${t.config.publicUrl}/confirm_subscription/`);
    const token = linkIn(email);
    expect((await contact(email))!.confirmTokenHash).not.toBe(token);

    expect((await t.request("GET", `/api/mailing_list/confirm/${token}`)).body).toEqual({ email, chapterName: "Springfield", confirmed: false });
    expect((await contact(email))!.status).toBe("unconfirmed");
    const confirmed = await t.request("POST", `/api/mailing_list/confirm/${token}`);
    expect(confirmed.body).toEqual({ email, chapterName: "Springfield", confirmed: true });
    expect((await contact(email))!.status).toBe("active");
    expect(await syncJobs(email)).toBe(1);
    expect(await ActivityFeedItem.query().findOne({ title: `${email} joined the mailing list`, chapterId: chapter.id })).toBeTruthy();

    // Following it again changes nothing.
    expect((await t.request("POST", `/api/mailing_list/confirm/${token}`)).body.confirmed).toBe(true);
    expect(await syncJobs(email)).toBe(1);
  });

  it("answers an active member the same, without a mail", async () => {
    await setDoubleOptIn(false);
    await signUp("member@example.org");
    await setDoubleOptIn(true);
    const res = await signUp("member@example.org");
    expect(res.body.return.results[0]).toEqual({ isError: false, errorString: "", needsConfirmation: true });
    expect(mailsTo("member@example.org")).toHaveLength(0);
    expect((await contact("member@example.org"))!.status).toBe("active");
  });

  it("keeps someone who left off the list until they confirm; an old link cannot bring them back after they leave", async () => {
    const email = "returner@example.org";
    await signUp(email);
    const first = linkIn(email);
    await t.request("POST", `/api/mailing_list/confirm/${first}`);
    const row = await contact(email);
    await t.request("POST", `/api/mailing_list/unsubscribe/${row!.unsubscribeToken}`);
    expect((await contact(email))!.status).toBe("unsub");
    expect((await t.request("POST", `/api/mailing_list/confirm/${first}`)).status).toBe(404);
    expect((await contact(email))!.status).toBe("unsub");

    await signUp(email);
    expect((await contact(email))!.status).toBe("unsub");
    await t.request("POST", `/api/mailing_list/confirm/${linkIn(email)}`);
    expect((await contact(email))!.status).toBe("active");
  });

  it("a newer link replaces the older one; links expire after 7 days", async () => {
    const email = "twice@example.org";
    await signUp(email);
    const older = linkIn(email);
    await signUp(email);
    const newer = linkIn(email);
    expect((await t.request("GET", `/api/mailing_list/confirm/${older}`)).status).toBe(404);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 24 * 3600_000 + 1000 });
    const expired = await t.request("POST", `/api/mailing_list/confirm/${newer}`);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe("This confirmation link is invalid or has expired.");
    expect((await contact(email))!.status).toBe("unconfirmed");
  });

  it("mails one address at most 3 times an hour", async () => {
    const email = "victim@example.org";
    for (let i = 0; i < 3; i++) expect((await signUp(email)).status).toBe(200);
    const refused = await signUp(email);
    expect(refused.status).toBe(429);
    expect(refused.body.return.results[0]).toEqual({ isError: true, errorString: "Too many sign-ups for this email address. Please try again in 60 minutes." });
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("leaves unconfirmed contacts out of a provider re-sync", async () => {
    await signUp("pending-resync@example.org");
    const before = await Job.query().where({ type: "list.syncContact" }).resultSize();
    await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } });
    await t.services.jobs.runDueJobs();
    await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "sendInBlue" } });
    await t.services.jobs.runDueJobs();
    expect(await syncJobs("pending-resync@example.org")).toBe(0);
    expect(await Job.query().where({ type: "list.syncContact" }).resultSize()).toBeGreaterThan(before);
  });

  it("refuses garbage links", async () => {
    expect((await t.request("GET", "/api/mailing_list/confirm/not-a-token")).status).toBe(404);
    expect((await t.request("POST", `/api/mailing_list/confirm/${"x".repeat(43)}`)).status).toBe(404);
  });

  it("signed-in people confirm like anyone else", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/mailing_list/sign_up", { as: user, body: { email: user.email, listId: chapter.sendInBlueListId } });
    expect(res.body.return.results[0].needsConfirmation).toBe(true);
    expect((await contact(user.email))!.status).toBe("unconfirmed");
  });
});
