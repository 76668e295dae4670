/**
 * Searches for part of an address or name read only the matching rows on Postgres: the queries the routes send
 * are answered from the trigram indexes (migrations/20261226000100_index_email_search.ts). Checked on the SQL
 * each route really sends: a search of a 20,000-member list for one member's address, and a user search
 * (planned with sequential scans off: the users table here is small enough to be read whole).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { onPostgres, startWithPersonas, type TestApp } from "../test/harness";
import type { Personas } from "../test/access";

describe.skipIf(!onPostgres)("searches by part of an address use the trigram indexes (Postgres)", () => {
  let t: TestApp;
  let p: Personas;
  let listId: string;
  beforeAll(async () => {
    const started = await startWithPersonas({ title: "Search", city: "Search" });
    ({ t, p } = started);
    listId = started.chapter.sendInBlueListId;
    // A list big enough that the planner weighs reading it against the index: 20,000 members with addresses as
    // varied as real ones (hex digests), statistics fresh.
    const knex = t.services.knex;
    await knex.raw(
      `insert into mailing_list_contacts (chapter_id, email, status, unsubscribe_token, created_at, updated_at)
       select ?, md5(g::text) || '@example.org', 'active', 'search-token-' || g, now(), now() from generate_series(1, 20000) g`,
      [started.chapter.id],
    );
    await knex.raw("vacuum analyze mailing_list_contacts");
  });
  afterAll(() => t.close());

  /** The statements a request sends (with their bindings), as knex hands them to Postgres. */
  async function statementsOf(request: () => Promise<unknown>): Promise<{ sql: string; bindings: readonly unknown[] }[]> {
    const seen: { sql: string; bindings: readonly unknown[] }[] = [];
    const listener = (q: { sql: string; bindings?: readonly unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
    t.services.knex.on("query", listener);
    try {
      await request();
    } finally {
      t.services.knex.removeListener("query", listener);
    }
    return seen;
  }

  /** Postgres's plan for a statement as it was sent (with sequential scans off when a table is too small to judge). */
  async function planOf(statement: { sql: string; bindings: readonly unknown[] }, { seqScan = true } = {}): Promise<string> {
    // The statement as sent numbers its parameters ($1, $2, … in order); knex.raw takes them as "?".
    const sql = statement.sql.replace(/\$\d+/g, "?");
    return t.services.knex.transaction(async (trx) => {
      if (!seqScan) await trx.raw("set local enable_seqscan = off");
      const rows = (await trx.raw(`explain ${sql}`, statement.bindings as Knex.RawBinding[])).rows as { "QUERY PLAN": string }[];
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  }

  it("the Members screen's search by email", async () => {
    const wanted = crypto.createHash("md5").update("12345").digest("hex");
    const statements = await statementsOf(async () => {
      const res = await t.request("GET", `/api/mailing_list/chapter_list_id/${listId}?q=${wanted.slice(0, 12)}`, { as: p.host });
      expect(res.status).toBe(200);
      expect(res.body.contacts.map((c: { email: string }) => c.email)).toEqual([`${wanted}@example.org`]);
    });
    const search = statements.filter((s) => /from "mailing_list_contacts"/.test(s.sql) && /lower\(email\) like/.test(s.sql));
    expect(search.length).toBeGreaterThan(0);
    for (const statement of search) expect(await planOf(statement)).toContain("mailing_list_contacts_email_trgm_index");
  });

  it("the site admin's user search, by name or email", async () => {
    const statements = await statementsOf(async () => {
      const res = await t.request("POST", "/api/user/search", { as: p.admin, body: { search: "ann" } });
      expect(res.status).toBe(200);
    });
    const search = statements.filter((s) => /from "users"/.test(s.sql) && /lower\(name\) like/.test(s.sql));
    expect(search).toHaveLength(1);
    const plan = await planOf(search[0], { seqScan: false });
    expect(plan).toContain("users_name_trgm_index");
    expect(plan).toContain("users_email_trgm_index");
  });
});
