import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { freshDatabase } from "../test/harness";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import type { ChapterHealthRow } from "../contracts/chapterHealth";
import { loadChapterHealth, networkHealth } from "./load";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let knex: Knex;
const ids: number[] = [];
let hostId: number;
let n = 0;
const now = new Date();
const stamp = now.toISOString();

const idOf = (row: { id: number } | number) => Number(typeof row === "object" ? row.id : row);

async function addMember(chapterId: number, createdAt = stamp) {
  n++;
  await knex("mailing_list_contacts").insert({
    chapter_id: chapterId,
    email: `m${n}@example.test`,
    status: "active",
    unsubscribe_token: `token-${n}`,
    created_at: createdAt,
    updated_at: createdAt,
  });
}

/** The kept table's rows are exactly the rows computed at the call. */
async function expectSameAsComputed(): Promise<ChapterHealthRow[]> {
  const { rows } = await networkHealth(knex, now);
  expect(rows).toEqual((await loadChapterHealth(knex, now)).rows);
  return rows;
}

beforeAll(async () => {
  db = await freshDatabase();
  knex = db.knex;
  for (const slug of ["a", "b", "c"]) {
    const [row] = await knex("chapters")
      .insert({ slug, title: slug.toUpperCase(), city: "C", state: "ny", chapter_type_id: 1, created_at: stamp, updated_at: stamp })
      .returning("id");
    ids.push(idOf(row));
  }
  const [user] = await knex("users")
    .insert({ name: "Hal Host", email: "hal@example.test", username: "hal", password_hash: "x", created_at: stamp, updated_at: stamp })
    .returning("id");
  hostId = idOf(user);
  await knex("permissions").insert({ user_id: hostId, role_id: ROLE_CHAPTER_HOST, chapter_id: ids[1], created_at: stamp, updated_at: stamp });
  await addMember(ids[0]);
});
afterAll(async () => db.drop());

describe("the network's health table kept as JSON", () => {
  it("is the table computed at the call after a member joins, a host is renamed and a chapter changes", async () => {
    const first = await expectSameAsComputed();
    expect(first.find((r) => r.chapterId === ids[0])).toMatchObject({ members: 1, growth30d: 1 });

    await addMember(ids[0]);
    await addMember(ids[2]);
    const rows = await expectSameAsComputed();
    expect(rows.find((r) => r.chapterId === ids[0])).toMatchObject({ members: 2, growth30d: 2 });
    expect(rows.find((r) => r.chapterId === ids[2])).toMatchObject({ members: 1, growth30d: 1 });

    await knex("users").where({ id: hostId }).update({ name: "Hana Host" });
    expect((await expectSameAsComputed()).find((r) => r.chapterId === ids[1])?.hosts).toEqual(["Hana Host"]);

    await knex("chapters").where({ id: ids[2] }).update({ title: "Sea" });
    expect((await expectSameAsComputed()).find((r) => r.chapterId === ids[2])?.title).toBe("Sea");
  });

  it("counts as growth the members who joined today or on the 29 days before (UTC)", async () => {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const before = (await expectSameAsComputed()).find((r) => r.chapterId === ids[1])!;
    await addMember(ids[1], new Date(today - 29 * 86_400_000).toISOString());
    await addMember(ids[1], new Date(today - 29 * 86_400_000 - 1000).toISOString());
    const row = (await expectSameAsComputed()).find((r) => r.chapterId === ids[1])!;
    expect(row.members).toBe(before.members + 2);
    expect(row.growth30d).toBe(before.growth30d + 1);
  });
});
