import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../server/test/harness";
import { migrations } from "./index";

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => db.drop());

describe("migrations", () => {
  it("are named YYYYMMDDHHMMSS_what_it_does and in order", () => {
    const names = migrations.map(([n]) => n);
    for (const n of names) expect(n).toMatch(/^\d{14}_[a-z_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it("roll all the way down and up again", async () => {
    const { knex } = db;
    expect(await knex.schema.hasTable("chapters")).toBe(true);
    await knex.migrate.rollback(undefined, true);
    for (const table of ["users", "chapters", "chapter_events", "jobs", "email_aliases", "uploaded_images"]) {
      expect(await knex.schema.hasTable(table)).toBe(false);
    }
    await knex.migrate.latest();
    expect(await knex("roles").count("* as n").first()).toMatchObject({ n: expect.anything() });
    const types = await knex("chapter_types").orderBy("id");
    expect(types.map((t: { name: string }) => t.name)).toEqual(["drinking", "screening", "living", "laughing", "dining", "reading"]);
  });

  it("enforce unique slugs and foreign keys", async () => {
    const { knex } = db;
    const now = new Date().toISOString();
    const row = { slug: "dup", title: "T", city: "C", state: "ny", chapter_type_id: 1, created_at: now, updated_at: now };
    await knex("chapters").insert(row);
    await expect(knex("chapters").insert(row)).rejects.toThrow();
    await expect(knex("chapters").insert({ ...row, slug: "other", chapter_type_id: 999 })).rejects.toThrow();
  });
});
