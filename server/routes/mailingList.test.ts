import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, Chapter, ChapterBlogPost, EmailSettings, Job, ListMessage, MailingListContact } from "../models";
import type { ChapterListResponse, ContactDetails, ListEmailPreview, ListMessageInfo, SignUpManyResponse } from "../contracts/mailingList";
import { webhookSecret } from "../mailingLists/webhooks";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
let listId: string;

const signUp = (email: string, id = listId) => t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: id } });

beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Springfield", city: "Springfield" }));
  listId = chapter.sendInBlueListId;
});
afterAll(() => t.close());

describe("POST /api/mailing_list/sign_up", () => {
  it("stores the contact first and enqueues its delivery to the provider, answering return.results[0]", async () => {
    const res = await signUp("Ann@Example.org");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ return: { results: [{ isError: false, errorString: "" }] } });
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: "ann@example.org" });
    expect(contact!.status).toBe("active");
    expect(contact!.unsubscribeToken).toMatch(/^[\w-]{32}$/);
    const jobs = await Job.query().where({ type: "list.syncContact" });
    expect(jobs.map((j) => j.payload)).toEqual([{ contactId: contact!.id }]);
    const activity = await ActivityFeedItem.query().findOne({ chapterId: chapter.id, type: "mailing_list" });
    expect(activity!.title).toBe("ann@example.org joined the mailing list");
  });

  it("is idempotent: signing up again changes nothing and enqueues nothing", async () => {
    const before = await Job.query().resultSize();
    expect((await signUp("ann@example.org")).status).toBe(200);
    expect(await Job.query().resultSize()).toBe(before);
    expect(await MailingListContact.query().where({ email: "ann@example.org" }).resultSize()).toBe(1);
  });

  it("answers a bad address with the error body plus the list result the widget shows after 'Oops. '", async () => {
    const res = await signUp("not-an-email");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Email is not a valid email address",
      errorId: "validation_failed",
      field: "email",
      return: { results: [{ isError: true, errorString: "Email is not a valid email address" }] },
    });
    const empty = await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "", listId } });
    expect(empty.body.return.results[0].errorString).toBe("Email is required");
  });

  it("answers an unknown or missing list id", async () => {
    const unknown = await signUp("bob@example.org", "999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.return.results[0]).toEqual({ isError: true, errorString: "Mailing list not found" });
    const missing = await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "bob@example.org" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("listId is required");
  });

  it("uses the chapter's brontoListId when the email settings select Bronto", async () => {
    await EmailSettings.query().findById(1).patch({ serviceName: "bronto" });
    try {
      expect((await signUp("cat@example.org", chapter.sendInBlueListId)).status).toBe(404);
      expect((await signUp("cat@example.org", chapter.brontoListId)).status).toBe(200);
      const ids = await t.request("GET", `/api/mailing_list/list_id/${chapter.id}`);
      expect(ids.body).toEqual({ chapterId: chapter.id, listId: chapter.brontoListId, serviceName: "bronto", listStatus: "ready" });
    } finally {
      await EmailSettings.query().findById(1).patch({ serviceName: "sendInBlue" });
    }
    expect((await t.request("GET", `/api/mailing_list/list_id/${chapter.id}`)).body.listId).toBe(chapter.sendInBlueListId);
  });

  it("re-activates an address that left and signs up again", async () => {
    await signUp("dee@example.org");
    const dee = await MailingListContact.query().findOne({ email: "dee@example.org" });
    await dee!.$query().patch({ status: "unsub" });
    await signUp("dee@example.org");
    expect((await dee!.$query()).status).toBe("active");
  });
});

describe("who may call the mailing list endpoints", () => {
  it("hosts of the chapter (host, field organizer, admin) only", async () => {
    await signUp("perm@example.org");
    const contact = await MailingListContact.query().findOne({ email: "perm@example.org" });
    const calls = [
      { method: "GET", path: `/api/mailing_list/chapter_list_id/${listId}` },
      { method: "GET", path: `/api/mailing_list/contact_details/${contact!.id}` },
      { method: "POST", path: "/api/mailing_list/sign_up_many", body: { emails: "x1@example.org", listId } },
      { method: "POST", path: "/api/mailing_list/delete", body: { email: "nobody@example.org", listId } },
      { method: "POST", path: "/api/mailing_list/send_message", body: { title: "Permissions", body: "", listId } },
      { method: "GET", path: `/api/mailing_list/messages/${chapter.id}` },
      { method: "GET", path: `/api/chapter_blog_post/${chapter.id}` },
    ];
    for (const call of calls) await expectAccess(t, p, call, WHO.hostAccess);
  });

  it("a plain user is refused by the API with 403", async () => {
    const res = await t.request("POST", "/api/mailing_list/send_message", { as: p.user, body: { title: "Hi", body: "x", listId } });
    expect(res.status).toBe(403);
    expect(res.body.errorId).toBe("forbidden");
  });

  it("an unknown list is 404 for a signed-in caller, 401 for anonymous", async () => {
    expect((await t.request("GET", "/api/mailing_list/chapter_list_id/424242", { as: p.admin })).status).toBe(404);
    expect((await t.request("GET", "/api/mailing_list/chapter_list_id/424242")).status).toBe(401);
  });
});

describe("members", () => {
  let other: Chapter;
  let otherList: string;
  beforeAll(async () => {
    other = await buildChapter();
    otherList = other.sendInBlueListId;
  });

  it("adds many addresses split on commas, spaces and new lines, reporting the invalid ones", async () => {
    const res = await t.request<SignUpManyResponse>("POST", "/api/mailing_list/sign_up_many", {
      as: p.admin,
      body: { emails: "one@example.org, two@example.org\nbad-address three@example.org,,one@example.org\n\n", listId: otherList },
    });
    expect(res.status).toBe(200);
    expect(res.body.added).toBe(3);
    expect(res.body.invalid).toEqual(["bad-address"]);
    const host = await t.request<SignUpManyResponse>("POST", "/api/mailing_list/sign_up_many", {
      as: p.admin,
      body: { emails: "one@example.org bad-address four@", listId: otherList },
    });
    expect(host.body).toEqual({
      return: {
        results: [
          { email: "one@example.org", isError: false, errorString: "" },
          { email: "bad-address", isError: true, errorString: "bad-address is not a valid email address" },
          { email: "four@", isError: true, errorString: "four@ is not a valid email address" },
        ],
      },
      added: 0,
      alreadyMembers: ["one@example.org"],
      invalid: ["bad-address", "four@"],
    });
    const empty = await t.request("POST", "/api/mailing_list/sign_up_many", { as: p.admin, body: { emails: " \n ", listId: otherList } });
    expect([empty.status, empty.body.error]).toEqual([400, "New Email Addresses are Required"]);
  });

  it('reads what people paste: "Name <email>", "email, name", commas or semicolons; says added, already members and invalid', async () => {
    const pasted = await buildChapter();
    await signUp("one@example.org", pasted.sendInBlueListId);
    const res = await t.request<SignUpManyResponse>("POST", "/api/mailing_list/sign_up_many", {
      as: p.admin,
      body: {
        emails: 'A Member <member@example.org>\nsecond@example.org, Second Member; "Doe, Jane" <jane@example.org>\none@example.org\nJane Doe <jane@@example>',
        listId: pasted.sendInBlueListId,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 3, alreadyMembers: ["one@example.org"], invalid: ["Jane Doe <jane@@example>"] });
    expect(res.body.return.results.map((r) => [r.email, r.isError])).toEqual([
      ["member@example.org", false],
      ["second@example.org", false],
      ["jane@example.org", false],
      ["one@example.org", false],
      ["Jane Doe <jane@@example>", true],
    ]);
    const stored = await MailingListContact.query().where({ chapterId: pasted.id }).orderBy("email");
    expect(stored.map((c) => [c.email, c.status])).toEqual([
      ["jane@example.org", "active"],
      ["member@example.org", "active"],
      ["one@example.org", "active"],
      ["second@example.org", "active"],
    ]);
  });

  it("lists members newest first with counts per status; a deleted member stays, flagged", async () => {
    const del = await t.request("POST", "/api/mailing_list/delete", { as: p.admin, body: { email: "two@example.org", listId: otherList } });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ return: { results: [{ isError: false, errorString: "", email: "two@example.org" }] } });
    await MailingListContact.query().findOne({ chapterId: other.id, email: "three@example.org" }).patch({ status: "blocked" });
    const res = await t.request<ChapterListResponse>("GET", `/api/mailing_list/chapter_list_id/${otherList}`, { as: p.admin });
    expect(res.status).toBe(200);
    expect(res.body.contacts.map((c) => [c.email, c.status, c.deleted])).toEqual([
      ["three@example.org", "blocked", false],
      ["two@example.org", "deleted", true],
      ["one@example.org", "active", false],
    ]);
    expect(res.body.stats).toEqual({ active: 1, onboarding: 0, transactional: 0, bounce: 0, blocked: 1, unconfirmed: 0, unsub: 0, deleted: 1 });
    expect(res.body.total).toBe(2);
    expect(Object.keys(res.body.contacts[0]).sort()).toEqual(["created", "deleted", "email", "id", "numClicks", "numOpens", "numSends", "status"]);
    // The removal goes to the provider too.
    const two = await MailingListContact.query().findOne({ chapterId: other.id, email: "two@example.org" });
    expect(
      await Job.query()
        .where({ type: "list.syncContact" })
        .whereRaw("payload like ?", [`%"contactId":${two!.id}}%`])
        .resultSize(),
    ).toBe(2);
    const activity = await ActivityFeedItem.query().where({ chapterId: other.id }).orderBy("id");
    expect(activity.map((a) => a.title)).toEqual(["3 members added to the mailing list", "two@example.org removed from the mailing list"]);
  });

  it("deleting an address that is not on the list is 404", async () => {
    const res = await t.request("POST", "/api/mailing_list/delete", { as: p.admin, body: { email: "ghost@example.org", listId: otherList } });
    expect([res.status, res.body.error]).toEqual([404, "Contact not found"]);
  });

  it("gives a contact's numbers by contact id, or by email with the list id", async () => {
    const one = await MailingListContact.query().findOne({ chapterId: other.id, email: "one@example.org" });
    await one!.$query().patch({ numSends: 4, numOpens: 3, numClicks: 1 });
    const byId = await t.request<ContactDetails>("GET", `/api/mailing_list/contact_details/${one!.id}`, { as: p.admin });
    expect(byId.body).toMatchObject({ id: one!.id, email: "one@example.org", numSends: 4, numOpens: 3, numClicks: 1, chapterId: other.id, deleted: false });
    const byEmail = await t.request("GET", `/api/mailing_list/contact_details/${encodeURIComponent("one@example.org")}?listId=${otherList}`, { as: p.admin });
    expect(byEmail.body.id).toBe(one!.id);
    const noList = await t.request("GET", `/api/mailing_list/contact_details/one@example.org`, { as: p.admin });
    expect([noList.status, noList.body.error]).toEqual([400, "listId is required when looking a contact up by email"]);
    // A host of this chapter may not read a contact of another chapter.
    expect((await t.request("GET", `/api/mailing_list/contact_details/${one!.id}`, { as: p.host })).status).toBe(403);
  });
});

describe("emailing a chapter", () => {
  let mailChapter: Chapter;
  let mailList: string;
  beforeAll(async () => {
    mailChapter = await buildChapter({ title: "Shelbyville", city: "Shelbyville" });
    mailList = mailChapter.sendInBlueListId;
    for (const email of ["a@example.org", "b@example.org", "gone@example.org", "left@example.org"]) await signUp(email, mailList);
    await t.request("POST", "/api/mailing_list/delete", { as: p.admin, body: { email: "gone@example.org", listId: mailList } });
    await MailingListContact.query().findOne({ email: "left@example.org", chapterId: mailChapter.id }).patch({ status: "unsub" });
    await t.services.jobs.runDueJobs();
    t.mail.sent.length = 0;
  });

  it("requires a title", async () => {
    const res = await t.request("POST", "/api/mailing_list/send_message", { as: p.admin, body: { title: "  ", body: "Hi", listId: mailList } });
    expect([res.status, res.body.error, res.body.field]).toEqual([400, "Title is Required", "title"]);
  });

  it("refuses a title that would add a mail header (CRLF + Bcc) with a 400, queueing nothing", async () => {
    const before = await ListMessage.query().resultSize();
    const res = await t.request("POST", "/api/mailing_list/send_message", {
      as: p.admin,
      body: { title: "Hi\r\nBcc: injected@evil.example", body: "Hello", listId: mailList },
    });
    expect([res.status, res.body.error, res.body.field]).toEqual([400, "Title must be a single line without control characters", "title"]);
    const bell = await t.request("POST", "/api/mailing_list/send_message", { as: p.admin, body: { title: "Hi", body: "Ding\u0007", listId: mailList } });
    expect([bell.status, bell.body.error, bell.body.field]).toEqual([
      400,
      "The message may not contain control characters other than line breaks and tabs",
      "body",
    ]);
    expect(await ListMessage.query().resultSize()).toBe(before);
  });

  it("queues the send (202), keeps it as a chapter post, and delivers it in the background to active members", async () => {
    const res = await t.request<{ message: ListMessageInfo }>("POST", "/api/mailing_list/send_message", {
      as: p.admin,
      body: { title: "Trivia night", body: "Join us **Tuesday**.<script>alert(1)</script>", listId: mailList },
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toMatchObject({
      chapterId: mailChapter.id,
      title: "Trivia night",
      status: "queued",
      total: 2,
      sent: 0,
      failed: 0,
      user: { id: p.admin.id, name: "Ada Admin" },
    });
    expect(t.mail.sent).toHaveLength(0); // nothing was sent while the request was open

    const post = await ChapterBlogPost.query().findOne({ slug: res.body.message.blogPostSlug! });
    expect([post!.chapterId, post!.title, post!.userId]).toEqual([mailChapter.id, "Trivia night", p.admin.id]);

    await t.services.jobs.runDueJobs();
    expect(t.mail.sent.map((m) => m.to).sort()).toEqual(["a@example.org", "b@example.org"]);
    const mail = t.mail.sent.find((m) => m.to === "a@example.org")!;
    const a = await MailingListContact.query().findOne({ email: "a@example.org", chapterId: mailChapter.id });
    expect(mail.subject).toBe("Trivia night");
    expect(mail.headers).toEqual({
      "List-Id": `<${mailChapter.slug}.drinkingliberally.org>`,
      "List-Unsubscribe": `<${t.config.publicUrl}/api/mailing_list/unsubscribe/${a!.unsubscribeToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain(`Unsubscribe: ${t.config.publicUrl}/unsubscribe/${a!.unsubscribeToken}`);
    expect([mail.fromName, mail.replyTo]).toEqual(["Ada Admin via Shelbyville", `${mailChapter.emailAlias}@drinkingliberally.org`]);
    expect(mail.text).toContain("Join us Tuesday.");
    expect(mail.html).toContain("<strong>Tuesday</strong>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(`href="${t.config.publicUrl}/unsubscribe/${a!.unsubscribeToken}"`);
    expect(a!.numSends).toBe(1);

    const progress = await t.request<ListMessageInfo[]>("GET", `/api/mailing_list/messages/${mailChapter.id}`, { as: p.admin });
    expect(progress.body[0]).toMatchObject({ status: "sent", total: 2, sent: 2, failed: 0, blogPostSlug: post!.slug });
    const feed = await ActivityFeedItem.query().findOne({ chapterId: mailChapter.id, type: "chapter_email" });
    expect([feed!.title, feed!.note]).toEqual(["Email sent to Shelbyville: Trivia night", "2 recipients"]);
  });

  it("previews an email as members get it (both parts, sender, reply address) without sending or keeping anything", async () => {
    const before = await ListMessage.query().resultSize();
    const sentBefore = t.mail.sent.length;
    await expectAccess(t, p, { method: "POST", path: "/api/mailing_list/preview", body: { title: "Hi", body: "x", listId } }, WHO.hostAccess);
    const res = await t.request<ListEmailPreview>("POST", "/api/mailing_list/preview", {
      as: p.admin,
      body: { title: "", body: "Meet at [Rudy's](https://rudys.example) on **Tuesday**.\n\n- a friend", listId: mailList },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subject: "",
      fromName: "Ada Admin via Shelbyville",
      fromAddress: "no-reply@livingliberally.org",
      replyTo: `${mailChapter.emailAlias}@drinkingliberally.org`,
    });
    expect(res.body.html).toContain("<strong>Tuesday</strong>");
    expect(res.body.html).toContain("You are receiving this email because you joined the Shelbyville mailing list.");
    expect(res.body.text).toContain("Meet at Rudy's (https://rudys.example) on Tuesday.\n\n• a friend");
    expect(res.body.text).toContain(`Unsubscribe: ${t.config.publicUrl}/unsubscribe/`);
    const bad = await t.request("POST", "/api/mailing_list/preview", { as: p.admin, body: { title: "a\nb", body: "", listId: mailList } });
    expect([bad.status, bad.body.error]).toEqual([400, "Title must be a single line without control characters"]);
    expect(await ListMessage.query().resultSize()).toBe(before);
    expect(t.mail.sent).toHaveLength(sentBefore);
  });

  it("makes the email a post on the chapter's page, giving its last-active date", async () => {
    const posts = await t.request("GET", `/api/chapter_blog_post/public/${mailChapter.id}/0`);
    expect(posts.status).toBe(200);
    expect(posts.body[0]).toMatchObject({ title: "Trivia night", user: { id: p.admin.id, name: "Ada Admin" } });
    expect(posts.body[0].bodyHtml).toContain("<strong>Tuesday</strong>");
    expect(posts.body[0].bodyHtml).not.toContain("script");
    const bySlug = await t.request("GET", `/api/chapter_blog_post/slug/${posts.body[0].slug}`);
    expect(bySlug.body.id).toBe(posts.body[0].id);
    const page = await t.request("GET", `/api/chapter/id/${mailChapter.id}`);
    expect(page.body.lastBlogPostDate).toBe(posts.body[0].createdAt);
  });
});

describe("unsubscribing without signing in", () => {
  it("shows the subscription, unsubscribes by one-click POST, and the provider is told", async () => {
    const c = await buildChapter({ title: "Ogdenville", city: "Ogdenville" });
    await signUp("una@example.org", c.sendInBlueListId);
    const contact = await MailingListContact.query().findOne({ chapterId: c.id, email: "una@example.org" });
    const token = contact!.unsubscribeToken;
    const info = await t.request("GET", `/api/mailing_list/unsubscribe/${token}`);
    expect(info.body).toEqual({ email: "una@example.org", chapterName: "Ogdenville", unsubscribed: false });
    // What a mail client sends for List-Unsubscribe-Post (form body, no cookies).
    const res = await t.request("POST", `/api/mailing_list/unsubscribe/${token}`, {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.body.unsubscribed).toBe(true);
    expect((await contact!.$query()).status).toBe("unsub");
    expect(
      await Job.query()
        .where({ type: "list.syncContact" })
        .whereRaw("payload like ?", [`%"contactId":${contact!.id}}%`])
        .resultSize(),
    ).toBe(2);
    // Again: still fine, nothing more happens.
    expect((await t.request("POST", `/api/mailing_list/unsubscribe/${token}`)).status).toBe(200);
    expect((await t.request("POST", `/api/mailing_list/unsubscribe/not-a-token`)).status).toBe(404);
  });
});

describe("Brevo webhook", () => {
  it("turns bounces and unsubscribes into contact status and counts opens and clicks; a wrong secret is 404", async () => {
    const c1 = await buildChapter();
    const c2 = await buildChapter();
    for (const c of [c1, c2]) {
      await signUp("hook@example.org", c.sendInBlueListId);
      await signUp("bouncy@example.org", c.sendInBlueListId);
    }
    const url = `/api/mailing_list/webhooks/brevo/${webhookSecret(t.services, "brevo")}`;
    expect((await t.request("POST", "/api/mailing_list/webhooks/brevo/wrong", { body: { event: "hard_bounce", email: "bouncy@example.org" } })).status).toBe(
      404,
    );
    const res = await t.request("POST", url, {
      body: [
        { event: "unsubscribed", email: "hook@example.org", tags: [`chapter-${c1.id}`] },
        { event: "opened", email: "hook@example.org", tags: [`chapter-${c2.id}`] },
        { event: "click", email: "hook@example.org", tags: [`chapter-${c2.id}`] },
        { event: "hard_bounce", email: "BOUNCY@example.org" },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await MailingListContact.query().whereIn("chapterId", [c1.id, c2.id]).orderBy(["email", "chapterId"]);
    expect(rows.map((r) => [r.email, r.chapterId === c1.id ? 1 : 2, r.status, r.numOpens, r.numClicks])).toEqual([
      ["bouncy@example.org", 1, "blocked", 0, 0],
      ["bouncy@example.org", 2, "blocked", 0, 0],
      ["hook@example.org", 1, "unsub", 0, 0],
      ["hook@example.org", 2, "active", 1, 1],
    ]);
  });

  it("reads a chapter tag beyond any id as a chapter of no contact of ours (it was out of range on Postgres)", async () => {
    const c = await buildChapter();
    await signUp("far@example.org", c.sendInBlueListId);
    const url = `/api/mailing_list/webhooks/brevo/${webhookSecret(t.services, "brevo")}`;
    const res = await t.request("POST", url, {
      body: [
        { event: "unsubscribed", email: "far@example.org", tags: ["chapter-99999999999"] },
        { event: "opened", email: "far@example.org", tag: "chapter-2147483648" },
      ],
    });
    expect([res.status, res.body.applied]).toEqual([200, 0]);
    expect((await MailingListContact.query().findOne({ email: "far@example.org", chapterId: c.id }))!.status).toBe("active");
  });
});

describe("chapter posts", () => {
  it("pages public posts from page 0, hides an inactive chapter's posts from the public, and lists all for hosts", async () => {
    const c = await buildChapter();
    for (let i = 0; i < 12; i++) {
      await ChapterBlogPost.query().insert({
        chapterId: c.id,
        userId: null,
        title: `Post ${i}`,
        slug: `post_${c.id}_${i}`,
        body: "",
        createdAt: new Date(Date.UTC(2030, 0, 1 + i)).toISOString(),
      });
    }
    const first = await t.request("GET", `/api/chapter_blog_post/public/${c.id}/0`);
    expect(first.body.map((p: { title: string }) => p.title)).toEqual([
      "Post 11",
      "Post 10",
      "Post 9",
      "Post 8",
      "Post 7",
      "Post 6",
      "Post 5",
      "Post 4",
      "Post 3",
      "Post 2",
    ]);
    const second = await t.request("GET", `/api/chapter_blog_post/public/${c.id}/1`);
    expect(second.body.map((p: { title: string }) => p.title)).toEqual(["Post 1", "Post 0"]);
    expect((await t.request("GET", `/api/chapter_blog_post/public/${c.id}/x`)).status).toBe(404);
    await c.$query().patch({ status: 0 });
    expect((await t.request("GET", `/api/chapter_blog_post/public/${c.id}/0`)).status).toBe(404);
    expect((await t.request("GET", `/api/chapter_blog_post/slug/post_${c.id}_3`)).status).toBe(404);
    expect((await t.request("GET", `/api/chapter_blog_post/slug/post_${c.id}_3`, { as: p.admin })).status).toBe(200);
    const all = await t.request("GET", `/api/chapter_blog_post/${c.id}`, { as: p.admin });
    expect(all.body).toHaveLength(12);
  });
});

describe("a send to a large list", () => {
  it("answers at once, is batched in the background, and shows its progress", async () => {
    const big = await buildChapter();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      chapterId: big.id,
      email: `member${i}@example.org`,
      status: "active",
      numSends: 0,
      numOpens: 0,
      numClicks: 0,
      unsubscribeToken: `tok-${big.id}-${i}`,
      createdAt: now,
      updatedAt: now,
    }));
    await t.services.knex.batchInsert("mailing_list_contacts", rows, 500);
    await t.services.jobs.runDueJobs();
    t.mail.sent.length = 0;

    const started = performance.now();
    const res = await t.request<{ message: ListMessageInfo }>("POST", "/api/mailing_list/send_message", {
      as: p.admin,
      body: { title: "Big news", body: "Hello all", listId: big.sendInBlueListId },
    });
    const answeredMs = performance.now() - started;
    expect(res.status).toBe(202);
    expect(res.body.message.total).toBe(5000);
    expect(answeredMs).toBeLessThan(1000);
    expect(t.mail.sent).toHaveLength(0);

    // A few batches in: progress is visible to the host.
    await t.services.jobs.runDueJobs({ batch: 1, maxRounds: 3 });
    const mid = await t.request<ListMessageInfo[]>("GET", `/api/mailing_list/messages/${big.id}`, { as: p.admin });
    expect(mid.body[0]).toMatchObject({ status: "sending", total: 5000, sent: 150 });

    const batchStarted = performance.now();
    await t.services.jobs.runDueJobs();
    const sendMs = performance.now() - batchStarted;
    const done = await ListMessage.query().findById(res.body.message.id);
    expect([done!.status, done!.sent, done!.failed, done!.total]).toEqual(["sent", 5000, 0, 5000]);
    expect(new Set(t.mail.sent.map((m) => m.to)).size).toBe(5000);
    expect(t.mail.sent).toHaveLength(5000);
    console.log(
      `5000-contact send: request answered in ${answeredMs.toFixed(0)} ms; background delivery of ${Math.ceil(5000 / 50)} batches took ${sendMs.toFixed(0)} ms`,
    );
  });
});
