import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { freshDatabase, onPostgres } from "../server/test/harness";
import { down, insertContactsCountedAfter, up } from "./20261224000100_count_list_members";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let knex: Knex;
let a: number;
let b: number;
let n = 0;

const DAY1 = "2026-11-01T10:00:00.000Z";
const DAY2 = "2026-11-02T23:59:59.000Z";

function contact(chapterId: number, createdAt: string, status = "active", deletedAt: string | null = null) {
  n++;
  return {
    chapter_id: chapterId,
    email: `m${n}@example.test`,
    status,
    unsubscribe_token: crypto.randomBytes(16).toString("hex"),
    deleted_at: deletedAt,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

async function insert(rows: ReturnType<typeof contact>[]): Promise<number[]> {
  const ids: number[] = [];
  // SQLite's multi-row insert is limited to 500 terms.
  for (let i = 0; i < rows.length; i += 200) {
    const out = (await knex("mailing_list_contacts")
      .insert(rows.slice(i, i + 200))
      .returning("id")) as ({ id: number } | number)[];
    ids.push(...out.map((r) => Number(typeof r === "object" ? r.id : r)));
  }
  return ids;
}

/** What the triggers keep: members per chapter and per chapter and day, leaving out zeros. */
async function kept() {
  const totals = (await knex("chapter_member_counts").where("members", "<>", 0).orderBy("chapter_id")) as { chapterId: number; members: number }[];
  const days = (await knex("chapter_member_joins").where("members", "<>", 0).orderBy(["chapter_id", "day"])) as {
    chapterId: number;
    day: string;
    members: number;
  }[];
  return {
    totals: Object.fromEntries(totals.map((r) => [r.chapterId, Number(r.members)])),
    days: Object.fromEntries(days.map((r) => [`${r.chapterId} ${r.day}`, Number(r.members)])),
  };
}

/** The same counted from the contacts themselves. */
async function counted() {
  const rows = (await knex("mailing_list_contacts").where({ status: "active" }).whereNull("deleted_at").select("chapter_id", "created_at")) as {
    chapterId: number;
    createdAt: string | Date;
  }[];
  const totals: Record<string, number> = {};
  const days: Record<string, number> = {};
  for (const r of rows) {
    const day = new Date(r.createdAt).toISOString().slice(0, 10);
    totals[r.chapterId] = (totals[r.chapterId] ?? 0) + 1;
    days[`${r.chapterId} ${day}`] = (days[`${r.chapterId} ${day}`] ?? 0) + 1;
  }
  return { totals, days };
}

async function chapter(slug: string): Promise<number> {
  const now = new Date().toISOString();
  const [row] = (await knex("chapters")
    .insert({ slug, title: slug, city: "C", state: "ny", chapter_type_id: 1, created_at: now, updated_at: now })
    .returning("id")) as ({ id: number } | number)[];
  return Number(typeof row === "object" ? row.id : row);
}

beforeAll(async () => {
  db = await freshDatabase();
  knex = db.knex;
  a = await chapter("a");
  b = await chapter("b");
});
afterAll(async () => db.drop());

describe("the member counts kept by triggers on mailing_list_contacts", () => {
  it("count a new active member, and leave out other statuses and deleted contacts", async () => {
    await insert([contact(a, DAY1)]);
    expect(await kept()).toEqual({ totals: { [a]: 1 }, days: { [`${a} 2026-11-01`]: 1 } });
    await insert([contact(a, DAY1, "unsubscribed"), contact(a, DAY1, "deleted", DAY1), contact(b, DAY2, "blocked")]);
    expect(await kept()).toEqual({ totals: { [a]: 1 }, days: { [`${a} 2026-11-01`]: 1 } });
  });

  it("follow status changes, soft deletion, a move to another chapter and deletion", async () => {
    const [id] = await insert([contact(a, DAY2)]);
    expect(await kept()).toEqual({ totals: { [a]: 2 }, days: { [`${a} 2026-11-01`]: 1, [`${a} 2026-11-02`]: 1 } });

    await knex("mailing_list_contacts").where({ id }).update({ status: "unsubscribed" });
    expect(await kept()).toEqual({ totals: { [a]: 1 }, days: { [`${a} 2026-11-01`]: 1 } });
    await knex("mailing_list_contacts").where({ id }).update({ status: "active" });
    expect((await kept()).totals).toEqual({ [a]: 2 });

    // Sends, opens and clicks change no count; setting the same status again neither.
    await knex("mailing_list_contacts").where({ id }).increment("num_sends", 1);
    await knex("mailing_list_contacts").where({ id }).update({ status: "active" });
    expect(await kept()).toEqual({ totals: { [a]: 2 }, days: { [`${a} 2026-11-01`]: 1, [`${a} 2026-11-02`]: 1 } });

    await knex("mailing_list_contacts").where({ id }).update({ deleted_at: DAY2 });
    expect((await kept()).totals).toEqual({ [a]: 1 });
    await knex("mailing_list_contacts").where({ id }).update({ deleted_at: null });

    await knex("mailing_list_contacts").where({ id }).update({ chapter_id: b });
    expect(await kept()).toEqual({ totals: { [a]: 1, [b]: 1 }, days: { [`${a} 2026-11-01`]: 1, [`${b} 2026-11-02`]: 1 } });

    await knex("mailing_list_contacts").where({ id }).delete();
    expect(await kept()).toEqual({ totals: { [a]: 1 }, days: { [`${a} 2026-11-01`]: 1 } });
    expect(await kept()).toEqual(await counted());
  });

  it("stay right through bulk inserts, updates and deletes", async () => {
    const statuses = ["active", "active", "active", "unsubscribed", "blocked"];
    const rows = Array.from({ length: 1200 }, (_, i) =>
      contact(i % 3 ? a : b, new Date(Date.UTC(2026, 9, 1 + (i % 40), i % 24)).toISOString(), statuses[i % statuses.length]),
    );
    const ids = await insert(rows);
    const after = await counted();
    expect(after.totals[a]).toBe(1 + 480);
    expect(await kept()).toEqual(after);

    // One statement changing many rows, some counted before, some after.
    await knex("mailing_list_contacts")
      .whereIn("id", ids.slice(0, 300))
      .update({ status: knex.raw("case when status = 'active' then 'unsubscribed' else 'active' end") });
    expect(await kept()).toEqual(await counted());
    await knex("mailing_list_contacts").whereIn("id", ids.slice(200, 700)).update({ chapter_id: b });
    expect(await kept()).toEqual(await counted());
    await knex("mailing_list_contacts").whereIn("id", ids.slice(500, 1000)).delete();
    expect(await kept()).toEqual(await counted());
  });

  it("count a bulk insert made through insertContactsCountedAfter (seed-scale), and keep counting after it", async () => {
    const rows = Array.from({ length: 900 }, (_, i) =>
      contact(i % 2 ? a : b, new Date(Date.UTC(2026, 10, 1 + (i % 20), 12)).toISOString(), i % 4 ? "active" : "unsubscribed"),
    );
    const before = (await kept()).totals;
    await knex.transaction((trx) =>
      insertContactsCountedAfter(trx, async () => {
        for (let i = 0; i < rows.length; i += 200) await trx("mailing_list_contacts").insert(rows.slice(i, i + 200));
      }),
    );
    expect((await kept()).totals[a]).toBe(before[a] + 450);
    expect(await kept()).toEqual(await counted());
    await insert([contact(a, DAY1)]);
    expect((await kept()).totals[a]).toBe(before[a] + 451);
    expect(await kept()).toEqual(await counted());
  });

  it("are filled from the existing contacts by the migration", async () => {
    const before = await kept();
    await down(knex);
    await up(knex);
    expect(await kept()).toEqual(before);
  });

  it("go with a deleted chapter", async () => {
    const c = await chapter("gone");
    await insert([contact(c, DAY1), contact(c, DAY2)]);
    expect((await kept()).totals[c]).toBe(2);
    await knex("chapters").where({ id: c }).delete();
    expect(await knex("chapter_member_counts").where({ chapter_id: c })).toEqual([]);
    expect(await knex("chapter_member_joins").where({ chapter_id: c })).toEqual([]);
    expect(await kept()).toEqual(await counted());
  });

  it.runIf(onPostgres)("are emptied with the contacts by truncate", async () => {
    await knex.raw("truncate mailing_list_contacts cascade");
    expect(await kept()).toEqual({ totals: {}, days: {} });
  });
});
