import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildPersonas } from "../test/factories";
import type { Personas } from "../test/access";
import { MailingListContact } from "../models";
import type { ChapterListResponse, ContactStatus } from "../contracts/mailingList";

let t: TestApp;
let p: Personas;
let listId: string;

/** 120 members: every 25th deleted (4), every other 10th blocked (10), the rest active (106); ids rise with the number. */
const STATUS_OF = (n: number): ContactStatus => (n % 25 === 0 ? "deleted" : n % 10 === 0 ? "blocked" : "active");

beforeAll(async () => {
  t = await startTestApp();
  const chapter = await buildChapter({ title: "Paging", city: "Paging" });
  p = await buildPersonas(chapter);
  listId = chapter.sendInBlueListId;
  const now = new Date().toISOString();
  const rows = Array.from({ length: 120 }, (_, i) => ({
    chapter_id: chapter.id,
    email: `member${String(i + 1).padStart(3, "0")}@example.org`,
    status: STATUS_OF(i + 1),
    unsubscribe_token: `paging-token-${i + 1}`,
    created_at: now,
    updated_at: now,
  }));
  await MailingListContact.knex()("mailing_list_contacts").insert(rows);
});
afterAll(() => t.close());

const members = (query = "") => t.request<ChapterListResponse>("GET", `/api/mailing_list/chapter_list_id/${listId}${query}`, { as: p.host });
const emails = (res: { body: ChapterListResponse }) => res.body.contacts.map((c) => c.email.slice(0, 9));

describe("GET /api/mailing_list/chapter_list_id/{id}: paging", () => {
  it("answers the first page of 50 newest first when no page is asked for, with counts of the whole list", async () => {
    const res = await members();
    expect(res.status).toBe(200);
    expect(res.body.contacts).toHaveLength(50);
    expect(emails(res).slice(0, 2)).toEqual(["member120", "member119"]);
    expect([res.body.page, res.body.limit, res.body.matching]).toEqual([0, 50, 120]);
    expect(res.body.stats).toMatchObject({ active: 106, blocked: 10, deleted: 4 });
    expect(res.body.total).toBe(116);
  });

  it("pages with page and limit; the last page is short and a page past the end is empty", async () => {
    const second = await members("?page=1&limit=50");
    expect(emails(second)[0]).toBe("member070");
    const last = await members("?page=2&limit=50");
    expect(emails(last)).toHaveLength(20);
    expect(emails(last).at(-1)).toBe("member001");
    const past = await members("?page=9&limit=50");
    expect([past.status, past.body.contacts.length, past.body.matching]).toEqual([200, 0, 120]);
    const small = await members("?limit=3");
    expect(emails(small)).toEqual(["member120", "member119", "member118"]);
  });

  it("filters by status, counting the matches from the status counts", async () => {
    const res = await members("?status=blocked&limit=5");
    expect(res.body.contacts.every((c) => c.status === "blocked")).toBe(true);
    expect(emails(res)).toEqual(["member120", "member110", "member090", "member080", "member070"]);
    expect(res.body.matching).toBe(10);
    expect(res.body.stats.active).toBe(106);
  });

  it("searches by part of the email address, case-insensitively, with % and _ taken literally", async () => {
    const res = await members("?q=MEMBER11");
    expect(emails(res)).toEqual([
      "member119",
      "member118",
      "member117",
      "member116",
      "member115",
      "member114",
      "member113",
      "member112",
      "member111",
      "member110",
    ]);
    expect(res.body.matching).toBe(10);
    const withStatus = await members("?q=member1&status=deleted");
    expect(emails(withStatus)).toEqual(["member100"]);
    expect(withStatus.body.matching).toBe(1);
    const firstOfMany = await members("?q=member1&limit=5");
    expect([firstOfMany.body.contacts.length, firstOfMany.body.matching]).toEqual([5, 21]);
    const pastTheEnd = await members("?q=member1&limit=5&page=9");
    expect([pastTheEnd.body.contacts.length, pastTheEnd.body.matching]).toEqual([0, 21]);
    expect((await members("?q=%25")).body.matching).toBe(0);
    expect((await members("?q=_")).body.matching).toBe(0);
  });

  it("finds an address stored with capitals by a search in lower case, and one in capitals by either", async () => {
    const chapterId = (await members()).body.chapterId;
    const [capital] = await MailingListContact.knex()("mailing_list_contacts")
      .insert({
        chapter_id: chapterId,
        email: "Ann.Capital@Example.org",
        status: "active",
        unsubscribe_token: "paging-capital",
        created_at: "2020-01-01",
        updated_at: "2020-01-01",
      })
      .returning("id");
    try {
      for (const q of ["ann.capital", "ANN.CAPITAL", "l@example"]) {
        const res = await members(`?q=${encodeURIComponent(q)}`);
        expect(res.body.contacts.map((c) => c.email)).toEqual(["Ann.Capital@Example.org"]);
        expect(res.body.matching).toBe(1);
      }
    } finally {
      await MailingListContact.query().deleteById(typeof capital === "object" ? capital.id : capital);
    }
  });

  it("refuses bad paging and filters with a 400 naming the parameter", async () => {
    const cases: [string, string, string][] = [
      ["?page=-1", "page", "page must be a whole number from 0 to 1000000"],
      ["?page=x", "page", "page must be a whole number from 0 to 1000000"],
      ["?limit=0", "limit", "limit must be a whole number from 1 to 300"],
      ["?limit=301", "limit", "limit must be a whole number from 1 to 300"],
      ["?status=gone", "status", "status must be one of active, onboarding, transactional, bounce, blocked, unconfirmed, unsub, deleted"],
      [`?q=${"a".repeat(255)}`, "q", "q must be at most 254 characters"],
    ];
    for (const [query, field, error] of cases) {
      const res = await t.request("GET", `/api/mailing_list/chapter_list_id/${listId}${query}`, { as: p.host });
      expect([res.status, res.body.field, res.body.error], query).toEqual([400, field, error]);
    }
  });

  it("still needs host access", async () => {
    expect((await t.request("GET", `/api/mailing_list/chapter_list_id/${listId}?page=0`)).status).toBe(401);
    expect((await t.request("GET", `/api/mailing_list/chapter_list_id/${listId}?page=0`, { as: p.otherHost })).status).toBe(403);
  });
});
