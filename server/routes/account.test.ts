import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { DateTime } from "luxon";
import { buildChapter, buildEvent, buildHost, buildUser, grant, TEST_PASSWORD } from "../test/factories";
import { ActivityFeedItem, Chapter, ChapterHostApplication, MailingListContact, MeetupConfirmation, Permission, Session, User } from "../models";
import { confirmationToken } from "../commands/meetupConfirmations";
import { CHAPTER_HIDDEN } from "../models/Chapter";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { recordActivity } from "../commands/activity";
import { LAST_ADMIN_MESSAGE, onlyHostMessage, withoutPerson } from "../commands/deleteAccount";
import { addContact } from "../mailingLists/contacts";
import { displayTitle } from "../contracts/chapter";
import { MY_DATA_LIST_LIMIT, myDataFileName } from "../contracts/account";
import { WRONG_PASSWORD } from "./account";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const joinList = (chapter: Chapter, email: string) => t.services.knex.transaction((trx) => addContact(t.services, chapter.id, email, trx));

const applyToHost = (user: User, city = "Lakeview") =>
  ChapterHostApplication.query().insertAndFetch({
    userId: user.id,
    slug: `apply_${user.id}_${city}`,
    city,
    state: "il",
    type: "drinking",
    reason: "We talk",
    status: "open",
  });

/** Signs a user in as a browser does: the cookies as a Cookie header, and the CSRF token. */
async function cookieSession(user: User) {
  const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const csrf = cookies.find((c) => c.startsWith("ch_csrf="))!.slice("ch_csrf=".length);
  return { cookie: cookies.join("; "), csrf };
}

const whoIs = async (headers: Record<string, string>) => (await t.request("GET", "/api/auth/user", { headers })).body.user?.id ?? null;

describe("GET /api/auth/my_data", () => {
  it("answers 401 to anonymous callers", async () => {
    const res = await t.request("GET", "/api/auth/my_data");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errorId: "authentication_required" });
  });

  it("sends the account, its roles, host applications and list memberships as a dated download, without secrets", async () => {
    const chapter = await buildChapter();
    const other = await buildChapter();
    const user = await grant(await buildUser({ name: "Dana Data" }), ROLE_CHAPTER_HOST, chapter);
    await grant(user, ROLE_FIELD_ORGANIZER, other);
    await applyToHost(user);
    await joinList(chapter, user.email);
    await joinList(other, user.email);
    await joinList(other, "someone.else@example.test");
    await t.tokenFor(user);

    const res = await t.request("GET", "/api/auth/my_data", { as: user });
    expect(res.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${myDataFileName(day)}"`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = JSON.parse(res.text);
    expect(data.account).toEqual({
      id: user.id,
      name: "Dana Data",
      email: user.email,
      username: user.email,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      passwordChangedAt: null,
    });
    expect(data.roles).toEqual([
      { role: "Chapter Host", roleId: ROLE_CHAPTER_HOST, chapter: { id: chapter.id, title: chapter.title, slug: chapter.slug }, since: expect.any(String) },
      { role: "Field Organizer", roleId: ROLE_FIELD_ORGANIZER, chapter: { id: other.id, title: other.title, slug: other.slug }, since: expect.any(String) },
    ]);
    expect(data.hostApplications).toEqual([expect.objectContaining({ city: "Lakeview", state: "il", reason: "We talk", status: "open", statusLabel: "Open" })]);
    expect(data.mailingListMemberships.map((m: { chapter: { id: number }; status: string; email: string }) => [m.chapter.id, m.status, m.email])).toEqual([
      [chapter.id, "active", user.email],
      [other.id, "active", user.email],
    ]);
    const stored = await User.query().findById(user.id);
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: user.email });
    const session = await Session.query().findOne({ userId: user.id });
    for (const secret of [stored!.passwordHash, contact!.unsubscribeToken, session!.sid]) expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/passwordHash|unsubscribeToken|confirmToken|"sid"|someone\.else/);
  });
});

describe("GET /api/auth/my_data: what the person did", () => {
  /** A host who wrote a note, emailed the list and confirmed a meetup, signed in on two devices and out of a third. */
  async function busyHost() {
    const chapter = await buildChapter({ title: "Riverbend" });
    const host = await buildHost(chapter);
    const other = await buildHost(chapter);
    const date = DateTime.now().setZone(chapter.timeZone).plus({ days: 2 }).toISODate()!;
    const event = await buildEvent(chapter, { name: "The Gravel Pit", isSingleDate: true, singleDate: date, dayOfWeekIndex: null });
    await MailingListContact.query().insert({
      chapterId: chapter.id,
      email: `fan-${chapter.id}@example.org`,
      status: "active",
      unsubscribeToken: `tok-data-${chapter.id}`,
    });
    const post = (path: string, body: unknown, as = host) => t.request("POST", path, { as, body });
    expect((await post("/api/chapter_note", { chapterId: chapter.id, note: "Met the bar manager" })).status).toBe(201);
    expect((await post("/api/chapter_note", { chapterId: chapter.id, note: "Someone else's note" }, other)).status).toBe(201);
    expect((await post("/api/mailing_list/send_message", { title: "See you Thursday", body: "Bring a friend", listId: chapter.sendInBlueListId })).status).toBe(
      202,
    );
    expect((await post("/api/chapter_event/confirm", { slug: event.slug, date })).status).toBe(200);
    const asked = await MeetupConfirmation.query().findOne({ chapterEventId: event.id, userId: host.id });
    await t.tokenFor(host);
    const signedOut = await t.tokenFor(host);
    await t.request("GET", "/api/auth/signout", { headers: { authorization: `Bearer ${signedOut}` } });
    return { chapter, host, event, date, confirmationLink: confirmationToken(t.config.sessionSecret, asked!.id) };
  }

  it("adds their chapter notes, activity, list emails, meetup confirmations and sign-ins, newest first, and no one else's", async () => {
    const { chapter, host, date, confirmationLink } = await busyHost();
    const res = await t.request("GET", "/api/auth/my_data", { as: host });
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text);
    const ref = { id: chapter.id, title: "Riverbend", slug: chapter.slug };
    expect(data.chapterNotes).toEqual([{ chapter: ref, note: "Met the bar manager", adminOnly: false, createdAt: expect.any(String) }]);
    expect(data.listEmails).toEqual([
      {
        chapter: ref,
        title: "See you Thursday",
        body: "Bring a friend",
        status: expect.any(String),
        recipients: expect.any(Number),
        sent: expect.any(Number),
        failed: 0,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.meetupConfirmations).toEqual([
      { chapter: ref, event: "The Gravel Pit", date, askedAt: expect.any(String), emailedAt: null, confirmedAt: expect.any(String) },
    ]);
    // Newest first: the confirmation came last.
    expect(data.activity.map((a: { type: string; chapter: { id: number } }) => [a.type, a.chapter.id])).toEqual([
      ["chapter_event", chapter.id],
      ["chapter_email", chapter.id],
      ["chapter_note", chapter.id],
    ]);
    expect(data.activity[0].title).toMatch(/^Meetup confirmed: The Gravel Pit/);
    // Every sign-in kept: the signed-out one with its end, and the one this download was made with marked.
    const sids = (await Session.query().where({ userId: host.id })).map((s) => s.sid);
    expect(data.sessions).toHaveLength(sids.length);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.sessions.filter((s: { signedOutAt: string | null }) => s.signedOutAt)).toHaveLength(1);
    for (const s of data.sessions) expect(Object.keys(s).sort()).toEqual(["createdAt", "current", "expiresAt", "signedOutAt"]);
    expect(data.truncated).toEqual([]);
    expect(res.text).not.toContain("Someone else's note");

    // No secret: not a session id, not the confirmation link, not a list member's token.
    for (const secret of [...sids, confirmationLink, `tok-data-${chapter.id}`]) expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/"sid"|token|passwordHash/i);
  });

  it("holds at most the newest rows of a long list, and says which list was cut and how long it is", async () => {
    const user = await buildUser();
    const rows = Array.from({ length: MY_DATA_LIST_LIMIT + 1 }, (_, i) => ({
      type: "note",
      title: `Item ${i}`,
      note: "",
      adminOnly: false,
      userId: user.id,
      chapterId: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    }));
    await t.services.knex.batchInsert("activityFeedItems", rows, 500);
    const data = JSON.parse((await t.request("GET", "/api/auth/my_data", { as: user })).text);
    expect(data.activity).toHaveLength(MY_DATA_LIST_LIMIT);
    expect(data.activity[0].title).toBe(`Item ${MY_DATA_LIST_LIMIT}`);
    expect(data.activity.at(-1).title).toBe("Item 1");
    expect(data.truncated).toEqual([{ list: "activity", shown: MY_DATA_LIST_LIMIT, total: MY_DATA_LIST_LIMIT + 1 }]);
  });
});

describe("POST /api/auth/delete_account", () => {
  it("answers 401 to anonymous callers", async () => {
    const anonymous = await t.request("POST", "/api/auth/delete_account", { body: { password: TEST_PASSWORD } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorId).toBe("authentication_required");
  });

  it("refuses a body without the password (400 naming it), and one that is not JSON (415)", async () => {
    const user = await buildUser();
    const missing = await t.request("POST", "/api/auth/delete_account", { as: user, body: { leaveLists: true } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "Password is required", field: "password" });
    const badFlag = await t.request("POST", "/api/auth/delete_account", { as: user, body: { password: TEST_PASSWORD, leaveLists: "yes" } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body).toMatchObject({ error: "leaveLists must be true or false", field: "leaveLists" });
    const form = await t.request("POST", "/api/auth/delete_account", {
      as: user,
      raw: "password=secret123",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(await User.query().findById(user.id)).toBeDefined();
  });

  it("refuses a wrong password with a message naming it, and deletes nothing", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/auth/delete_account", { as: user, body: { password: "not-my-password" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: WRONG_PASSWORD, errorId: "wrong_password", field: "password" });
    expect(await User.query().findById(user.id)).toBeDefined();
  });

  it("refuses the only host of an active chapter, naming the chapter, and changes nothing", async () => {
    const chapter = await buildChapter({ title: "Riverside Tavern", city: "Riverside" });
    const host = await buildHost(chapter);
    const res = await t.request("POST", "/api/auth/delete_account", { as: host, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: onlyHostMessage(displayTitle(chapter)), errorId: "only_host" });
    expect(res.body.error).toContain("Riverside: Riverside Tavern");
    expect(await Permission.query().where({ userId: host.id }).resultSize()).toBe(1);
    expect(await User.query().findById(host.id)).toBeDefined();
  });

  it("lets a host go when the chapter has another host, or is not active", async () => {
    const shared = await buildChapter();
    const hidden = await buildChapter({ status: CHAPTER_HIDDEN });
    const host = await grant(await buildHost(shared), ROLE_CHAPTER_HOST, hidden);
    const coHost = await buildHost(shared);
    const res = await t.request("POST", "/api/auth/delete_account", { as: host, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await User.query().findById(host.id)).toBeUndefined();
    expect((await Permission.query().where({ chapterId: shared.id })).map((p) => p.userId)).toEqual([coHost.id]);
  });

  it("refuses the network's only admin", async () => {
    await Permission.query().delete().where({ roleId: ROLE_ADMIN });
    const admin = await grant(await buildUser(), ROLE_ADMIN);
    const res = await t.request("POST", "/api/auth/delete_account", { as: admin, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: LAST_ADMIN_MESSAGE, errorId: "last_admin" });
    const second = await grant(await buildUser(), ROLE_ADMIN);
    const again = await t.request("POST", "/api/auth/delete_account", { as: admin, body: { password: TEST_PASSWORD } });
    expect(again.status).toBe(200);
    expect((await Permission.query().where({ roleId: ROLE_ADMIN })).map((p) => p.userId)).toEqual([second.id]);
  });

  it("deletes the account with its roles and sessions: the old cookie and token are anonymous, and it cannot sign in", async () => {
    const chapter = await buildChapter();
    await buildHost(chapter);
    const user = await grant(await buildUser({ name: "Gone Gale" }), ROLE_CHAPTER_HOST, chapter);
    await applyToHost(user, "Oakdale");
    const token = await t.tokenFor(user);
    const { cookie, csrf } = await cookieSession(user);
    expect(await whoIs({ authorization: `Bearer ${token}` })).toBe(user.id);

    const res = await t.request("POST", "/api/auth/delete_account", { headers: { cookie, "x-csrf-token": csrf }, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "ok" });
    expect(res.headers.get("set-cookie")).toMatch(/ch_session=;/);
    expect(await whoIs({ cookie })).toBeNull();
    expect(await whoIs({ authorization: `Bearer ${token}` })).toBeNull();
    expect((await t.request("GET", "/api/auth/my_data", { headers: { cookie } })).status).toBe(401);
    expect(await User.query().findById(user.id)).toBeUndefined();
    expect(await User.query().where("name", "Gone Gale").orWhere("email", user.email).resultSize()).toBe(0);
    expect(await Permission.query().where({ userId: user.id }).resultSize()).toBe(0);
    expect(await Session.query().where({ userId: user.id }).resultSize()).toBe(0);
    expect(await ChapterHostApplication.query().where({ userId: user.id }).resultSize()).toBe(0);
    const signIn = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(401);
  });

  it("keeps activity items without the person's name, email or link, and leaves others' items alone", async () => {
    const chapter = await buildChapter();
    await buildHost(chapter);
    const admin = await grant(await buildUser(), ROLE_ADMIN);
    const user = await buildUser({ name: "Ivy Quill" });
    const other = await buildUser({ name: "Ivy Quillson" });
    const application = await applyToHost(user, "Elm Park");
    const { contact } = await joinList(chapter, user.email);
    const items = {
      role: await recordActivity({
        type: "permission",
        title: `Ivy Quill is now Chapter Host of ${chapter.title}`,
        userId: admin.id,
        chapterId: chapter.id,
        objectId: user.id,
      }),
      own: await recordActivity({
        type: "host_application",
        title: "New host application from Ivy Quill",
        note: "Elm Park, IL",
        adminOnly: true,
        userId: user.id,
        objectId: application.slug,
      }),
      decided: await recordActivity({
        type: "host_application",
        title: "Host application approved: Ivy Quill (Elm Park)",
        adminOnly: true,
        userId: admin.id,
        objectId: application.slug,
      }),
      joined: await recordActivity({
        type: "mailing_list",
        title: `${user.email} joined the mailing list`,
        userId: null,
        chapterId: chapter.id,
        objectId: contact.id,
      }),
      pasted: await recordActivity({
        type: "mailing_list",
        title: "2 members added to the mailing list",
        note: `x@example.test, ${user.email}`,
        userId: admin.id,
        chapterId: chapter.id,
      }),
      others: await recordActivity({
        type: "permission",
        title: "Ivy Quillson is now Chapter Host",
        userId: admin.id,
        chapterId: chapter.id,
        objectId: other.id,
      }),
    };

    const res = await t.request("POST", "/api/auth/delete_account", { as: user, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const after = async (item: ActivityFeedItem) => (await ActivityFeedItem.query().findById(item.id))!;
    expect(await after(items.role)).toMatchObject({ title: `A former member is now Chapter Host of ${chapter.title}`, userId: admin.id });
    expect(await after(items.own)).toMatchObject({ title: "New host application from a former member", note: "Elm Park, IL", userId: null });
    expect(await after(items.decided)).toMatchObject({ title: "Host application approved: a former member (Elm Park)", userId: admin.id });
    expect(await after(items.joined)).toMatchObject({ title: "A former member joined the mailing list" });
    expect(await after(items.pasted)).toMatchObject({ note: "x@example.test, a former member", userId: admin.id });
    expect(await after(items.others)).toMatchObject({ title: "Ivy Quillson is now Chapter Host" });
    const left = await ActivityFeedItem.query().where("title", "like", "%Ivy Quill%").orWhere("note", "like", `%${user.email}%`);
    expect(left.map((i) => i.id)).toEqual([items.others.id]);
    // The chapter's feed still lists them, in the same order.
    const feed = await t.request("GET", `/api/activity_feed_item/chapter/${chapter.id}`, { as: admin });
    expect(feed.body.map((i: { title: string }) => i.title)).toContain(`A former member is now Chapter Host of ${chapter.title}`);
  });

  it("with leaveLists, unsubscribes every list membership of the address; without, keeps them", async () => {
    const [a, b] = [await buildChapter(), await buildChapter()];
    const leaver = await buildUser();
    const stayer = await buildUser();
    for (const chapter of [a, b]) for (const user of [leaver, stayer]) await joinList(chapter, user.email);

    expect((await t.request("POST", "/api/auth/delete_account", { as: leaver, body: { password: TEST_PASSWORD, leaveLists: true } })).status).toBe(200);
    expect((await t.request("POST", "/api/auth/delete_account", { as: stayer, body: { password: TEST_PASSWORD } })).status).toBe(200);

    const statuses = async (email: string) => (await MailingListContact.query().where({ email }).orderBy("chapterId")).map((c) => c.status);
    expect(await statuses(leaver.email)).toEqual(["unsub", "unsub"]);
    expect(await statuses(stayer.email)).toEqual(["active", "active"]);
    const left = await ActivityFeedItem.query().where({ chapterId: a.id, title: "A former member left the mailing list" });
    expect(left).toHaveLength(1);
  });
});

describe("withoutPerson", () => {
  it("replaces whole mentions only, whatever characters the name holds", () => {
    expect(withoutPerson("Al is now Host of Alabama; note by Al.", ["Al"])).toBe("A former member is now Host of Alabama; note by a former member.");
    expect(withoutPerson("Note about $& (Jo) Smith", ["$& (Jo) Smith"])).toBe("Note about a former member");
    expect(withoutPerson("bob@x.test and jimbob@x.test", ["bob@x.test"])).toBe("A former member and jimbob@x.test");
  });
});
