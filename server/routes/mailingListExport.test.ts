import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildChapter, buildUser } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { MailingListContact } from "../models";
import { EXPORT_PAGE_SIZE, memberExportStream } from "../mailingLists/export";
import type { Chapter } from "../models/Chapter";

let t: TestApp;
let p: Personas;
let chapter: Chapter;
let big: Chapter;

const HEADER = '"Email","Name","Status","Joined","How they joined"';

/** In slices: SQLite takes at most 500 rows in one insert. */
async function insertContacts(rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 200) await MailingListContact.knex()("mailing_list_contacts").insert(rows.slice(i, i + 200));
}
const contactRow = (chapterId: number, email: string, extra: Record<string, unknown> = {}) => ({
  chapter_id: chapterId,
  email,
  status: "active",
  unsubscribe_token: `export-${email}`,
  created_at: "2026-03-01T12:00:00.000Z",
  updated_at: "2026-03-01T12:00:00.000Z",
  ...extra,
});
const lines = (text: string) => text.split("\r\n").filter(Boolean);

beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Export Town", city: "Export Town", slug: "export-town" }));
  await buildUser({ name: '=HYPERLINK("http://evil")', email: "formula@example.org" });
  await buildUser({ name: "Rosa Reader", email: "rosa@example.org" });
  await insertContacts([
    // 03:00 UTC on 2 January is still 1 January in Chicago, the chapter's time zone.
    contactRow(chapter.id, "rosa@example.org", { created_at: "2026-01-02T03:00:00.000Z" }),
    contactRow(chapter.id, "formula@example.org", { status: "unsub" }),
    contactRow(chapter.id, "gone@example.org", { status: "deleted", deleted_at: "2026-03-02T00:00:00.000Z" }),
    contactRow(chapter.id, "-2+3@example.org", { status: "blocked" }),
    contactRow(p.otherChapter.id, "elsewhere@example.org"),
  ]);
  big = await buildChapter({ title: "Big List", city: "Big List" });
  await insertContacts(Array.from({ length: 1200 }, (_, i) => contactRow(big.id, `big${String(i + 1).padStart(4, "0")}@example.org`)));
});
afterAll(() => t.close());

const exportOf = (id: number, as: { id: number } | null = p.host) => t.request("GET", `/api/mailing_list/chapter/${id}/export.csv`, { as });

describe("GET /api/mailing_list/chapter/{id}/export.csv", () => {
  it("refuses anonymous callers (401) and anyone without host access to the chapter (403)", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/mailing_list/chapter/${chapter.id}/export.csv` }, WHO.hostAccess);
    const other = await exportOf(chapter.id, p.otherHost);
    expect([other.status, other.headers.get("content-type")]).toEqual([403, "application/json; charset=utf-8"]);
    expect(other.body.errorId).toBe("forbidden");
  });

  it("answers 400 for an id that is not one and 404 for a chapter that does not exist", async () => {
    const bad = await t.request("GET", "/api/mailing_list/chapter/abc/export.csv", { as: p.admin });
    expect([bad.status, bad.body.error]).toEqual([400, "id must be a positive whole number"]);
    const missing = await exportOf(999999, p.admin);
    expect(missing.status).toBe(404);
  });

  it("is a CSV download named for the chapter with the columns, oldest member first, without deleted members", async () => {
    const res = await exportOf(chapter.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="members-export-town-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(lines(res.text)).toEqual([
      HEADER,
      '"rosa@example.org","Rosa Reader","active","2026-01-01","Not recorded"',
      `"formula@example.org","'=HYPERLINK(""http://evil"")","unsub","2026-03-01","Not recorded"`,
      `"'-2+3@example.org","","blocked","2026-03-01","Not recorded"`,
    ]);
  });

  it("leaves out the members of other chapters, and a field organizer or admin gets the same file", async () => {
    const host = await exportOf(chapter.id);
    expect(host.text).not.toContain("elsewhere@example.org");
    for (const who of [p.fieldOrganizer, p.admin]) expect((await exportOf(chapter.id, who)).text).toBe(host.text);
    const other = await exportOf(p.otherChapter.id, p.admin);
    expect(lines(other.text)).toEqual([HEADER, '"elsewhere@example.org","","active","2026-03-01","Not recorded"']);
  });

  it("says how a member joined: the chapter's sign-up form, or added by a host", async () => {
    const signedUp = await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "widget@example.org", listId: chapter.sendInBlueListId } });
    expect(signedUp.status).toBe(200);
    const added = await t.request("POST", "/api/mailing_list/sign_up_many", {
      as: p.host,
      body: { emails: "pasted@example.org", listId: chapter.sendInBlueListId },
    });
    expect(added.status).toBe(200);
    const rows = lines((await exportOf(chapter.id)).text);
    expect(rows.find((l) => l.startsWith('"widget@'))).toMatch(/"active","\d{4}-\d{2}-\d{2}","Sign-up form"$/);
    expect(rows.find((l) => l.startsWith('"pasted@'))).toMatch(/"active","\d{4}-\d{2}-\d{2}","Added by a host"$/);
  });

  it("streams a list longer than a page complete and in order", async () => {
    const res = await exportOf(big.id, p.admin);
    expect(res.headers.get("content-length")).toBeNull();
    const rows = lines(res.text);
    expect(rows).toHaveLength(1201);
    expect(rows.slice(1).map((l) => l.slice(1, 8))).toEqual(Array.from({ length: 1200 }, (_, i) => `big${String(i + 1).padStart(4, "0")}`));
  });
});

describe("memberExportStream", () => {
  it("reads the list a page at a time, as the bytes are taken, not all at once", async () => {
    const pages: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (q.sql.includes("mailing_list_contacts")) pages.push(q.sql);
    };
    t.services.knex.on("query", onQuery);
    try {
      const stream = memberExportStream(t.services.knex, big.id);
      const chunks: string[] = [];
      for await (const chunk of stream) {
        chunks.push(String(chunk));
        if (chunks.length === 2) {
          // The header and the first page are out; the next page has not been read.
          expect(pages).toHaveLength(1);
          expect(lines(chunks[1])).toHaveLength(EXPORT_PAGE_SIZE);
        }
      }
      expect(pages).toHaveLength(Math.ceil(1200 / EXPORT_PAGE_SIZE) + 1);
    } finally {
      t.services.knex.off("query", onQuery);
    }
  });
});

describe("GET /api/mailing_list/export.csv", () => {
  it("is for admins only", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/mailing_list/export.csv" }, WHO.admin);
  });

  it("holds every chapter's members with a chapter column", async () => {
    const res = await t.request("GET", "/api/mailing_list/export.csv", { as: p.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="members-network-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = lines(res.text);
    expect(rows[0]).toBe(`"Chapter",${HEADER}`);
    expect(rows[1]).toBe('"Export Town","rosa@example.org","Rosa Reader","active","2026-01-01","Not recorded"');
    expect(rows.filter((l) => l.startsWith('"Big List",'))).toHaveLength(1200);
    expect(rows.some((l) => l.includes('"elsewhere@example.org"'))).toBe(true);
    expect(rows.some((l) => l.includes("gone@example.org"))).toBe(false);
  });
});
