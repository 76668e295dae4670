import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildUser } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas());
});
afterAll(async () => t.close());

describe("POST /api/user/search", () => {
  it("is for admins only", async () => {
    await expectAccess(t, p, { method: "POST", path: "/api/user/search", body: { search: "pat" } }, WHO.admin);
  });

  it("finds users by name or email, case-insensitively, with their role flags", async () => {
    await buildUser({ name: "Zelda Quux", email: "zq@example.test" });
    await buildUser({ name: "Someone", email: "ZELDA.fan@Example.test".toLowerCase() });
    const res = await t.request("POST", "/api/user/search", { as: p.admin, body: { search: "ZELDA" } });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { name: string }) => u.name)).toEqual(["Someone", "Zelda Quux"]);
    const host = (await t.request("POST", "/api/user/search", { as: p.admin, body: { search: p.host.email } })).body[0];
    expect(host).toMatchObject({ id: p.host.id, isChapterHost: true, isFieldOrganizer: false, isAdmin: false, chapterHostChapters: [chapter.id] });
    expect(JSON.stringify(host)).not.toMatch(/password/i);
  });

  it("treats % and _ literally", async () => {
    const res = await t.request("POST", "/api/user/search", { as: p.admin, body: { search: "%%" } });
    expect(res.body).toEqual([]);
  });

  it("needs at least 2 characters and lists at most 300", async () => {
    const short = await t.request("POST", "/api/user/search", { as: p.admin, body: { search: " a " } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Please enter at least 2 characters to search");
    const rows = Array.from({ length: 305 }, (_, i) => ({
      name: `Bulk ${i}`,
      email: `bulk${i}@many.test`,
      username: `bulk${i}@many.test`,
      password_hash: "x",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100) await t.services.knex("users").insert(rows.slice(i, i + 100));
    const many = await t.request("POST", "/api/user/search", { as: p.admin, body: { search: "many.test" } });
    expect(many.body).toHaveLength(300);
  });
});
