/** Hidden (inactive) chapters: their lists answer public signups exactly like a list that does not exist. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildHost, buildUser } from "../test/factories";
import { MailingListContact } from "../models";
import type { Chapter } from "../models/Chapter";

let t: TestApp;
let hidden: Chapter;
beforeAll(async () => {
  t = await startTestApp();
  hidden = await buildChapter({ status: 0 });
});
afterAll(async () => t.close());

const signUp = (listId: string, email: string, as?: { id: number }) => t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId }, as });

describe("POST /api/mailing_list/sign_up on a hidden chapter's list", () => {
  it("answers a visitor exactly as for an unknown list id, and stores nothing", async () => {
    const unknown = await signUp("987654", "visitor@example.org");
    const refused = await signUp(hidden.sendInBlueListId, "visitor@example.org");
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(unknown.body);
    expect(refused.body.return.results[0]).toEqual({ isError: true, errorString: "Mailing list not found" });
    expect(await MailingListContact.query().where({ chapterId: hidden.id }).resultSize()).toBe(0);
  });

  it("cannot be enumerated: of sequential list ids only the active chapters' are accepted", async () => {
    const chapters = [];
    for (let i = 0; i < 10; i++) chapters.push(await buildChapter({ status: i % 3 === 0 ? 1 : 0 }));
    const answers = await Promise.all(chapters.map((c) => signUp(c.sendInBlueListId, "guesser@example.org")));
    expect(answers.map((a) => a.status)).toEqual(chapters.map((c) => (c.status === 1 ? 200 : 404)));
  });

  it("refuses signed-in people without host access to that chapter", async () => {
    const other = await buildChapter();
    for (const who of [await buildUser(), await buildHost(other)]) {
      expect((await signUp(hidden.sendInBlueListId, `someone${who.id}@example.org`, who)).status).toBe(404);
    }
  });

  it("accepts hosts and admins of the chapter, who see its page and widget", async () => {
    expect((await signUp(hidden.sendInBlueListId, "host-list@example.org", await buildHost(hidden))).status).toBe(200);
    expect((await signUp(hidden.sendInBlueListId, "admin-list@example.org", await buildAdmin())).status).toBe(200);
    const stored = await MailingListContact.query().where({ chapterId: hidden.id }).orderBy("email");
    expect(stored.map((c) => [c.email, c.status])).toEqual([
      ["admin-list@example.org", "active"],
      ["host-list@example.org", "active"],
    ]);
  });
});
