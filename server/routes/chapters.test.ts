import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas, buildUser } from "../test/factories";
import { expectAccess, WHO } from "../test/access";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe("chapter reads", () => {
  it("shows an active chapter to anyone, with display title, contact email and hosts without emails", async () => {
    const chapter = await buildChapter({
      title: "Drinking Liberally",
      city: "Austin",
      state: "tx",
      emailAlias: "austin",
      about: "<script>alert(1)</script>\n\n**Hi**",
    });
    const host = await buildHost(chapter);
    await buildEvent(chapter);
    const res = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: chapter.id,
      displayTitle: "Austin: Drinking Liberally",
      contactEmail: "austin@drinkingliberally.org",
      restricted: false,
      chapterType: { id: 1, name: "drinking" },
      abilities: { view: true, host: false },
    });
    expect(res.body.aboutHtml).toBe("<p><strong>Hi</strong></p>\n");
    expect(res.body.hosts).toEqual([expect.objectContaining({ roleName: "Chapter Host", user: { id: host.id, name: host.name } })]);
    expect(res.body.chapterEvents).toHaveLength(1);
  });

  it("shows only a restricted summary of an inactive chapter to people without host access", async () => {
    const chapter = await buildChapter({ status: 0, about: "secret plans" });
    const host = await buildHost(chapter);
    const anon = await t.request("GET", `/api/chapter/id/${chapter.id}`);
    expect(anon.body.restricted).toBe(true);
    expect(anon.body.about).toBe("");
    expect(anon.body.hosts).toEqual([]);
    const asHost = await t.request("GET", `/api/chapter/id/${chapter.id}`, { as: host });
    expect(asHost.body.restricted).toBe(false);
    expect(asHost.body.about).toBe("secret plans");
    expect(asHost.body.hosts[0].user.email).toBe(host.email);
  });

  it("answers 404 for unknown chapters and 400 for bad ids", async () => {
    expect((await t.request("GET", "/api/chapter/slug/nope")).status).toBe(404);
    expect((await t.request("GET", "/api/chapter/id/abc")).body).toMatchObject({ field: "id" });
  });

  it("lists a state's chapters sorted case-insensitively by display title, int for empty states", async () => {
    await buildChapter({ state: "vt", title: "burlington", city: "burlington" });
    await buildChapter({ state: "vt", title: "Albany", city: "Albany", status: 0 });
    await buildChapter({ state: "", title: "Paris", city: "Paris" });
    const res = await t.request("GET", "/api/chapters/state/VT");
    expect(res.body.map((c: { displayTitle: string }) => c.displayTitle)).toEqual(["Albany", "burlington"]);
    const intl = await t.request("GET", "/api/chapters/state/int");
    expect(intl.body.map((c: { title: string }) => c.title)).toContain("Paris");
    expect(intl.body.find((c: { title: string }) => c.title === "Paris").state).toBe("int");
    expect((await t.request("GET", "/api/chapters/state/zz")).status).toBe(400);
  });

  it("lists only active chapters on /chapters/active", async () => {
    const hidden = await buildChapter({ status: 0 });
    const res = await t.request("GET", "/api/chapters/active");
    expect(res.body.find((c: { id: number }) => c.id === hidden.id)).toBeUndefined();
    expect(res.body.every((c: { status: number }) => c.status === 1)).toBe(true);
  });

  it("lists every active chapter's page and its last change, its events' included, on /chapters/active/dates", async () => {
    const knex = t.services.knex;
    const vermont = await buildChapter({ slug: "montpelier", state: "VT" });
    const paris = await buildChapter({ slug: "paris", state: "" });
    const hidden = await buildChapter({ slug: "secret_place", state: "vt", status: 0 });
    const event = await buildEvent(vermont);
    await buildEvent(hidden);
    await knex("chapters").whereIn("id", [vermont.id, paris.id]).update({ updatedAt: "2030-01-01T00:00:00.000Z" });
    await knex("chapterEvents").where({ id: event.id }).update({ updatedAt: "2030-02-03T04:05:06.000Z" });
    const res = await t.request("GET", "/api/chapters/active/dates");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    const rows = res.body as { slug: string; state: string; updatedAt: string }[];
    expect(rows.filter((r) => ["montpelier", "paris"].includes(r.slug))).toEqual([
      { slug: "montpelier", state: "vt", updatedAt: "2030-02-03T04:05:06.000Z" },
      { slug: "paris", state: "int", updatedAt: "2030-01-01T00:00:00.000Z" },
    ]);
    expect(rows.some((r) => r.slug === "secret_place")).toBe(false);
    const active = await t.request("GET", "/api/chapters/active?limit=500");
    expect(rows.map((r) => r.slug).sort()).toEqual(active.body.map((c: { slug: string }) => c.slug).sort());
  });

  it("searches with at least 2 characters, optionally active only", async () => {
    await buildChapter({ title: "Zanzibar Club", city: "Zanzibar", status: 0 });
    const short = await t.request("GET", "/api/chapters/search?q=z");
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Please enter at least 2 characters to search");
    expect((await t.request("GET", "/api/chapters/search?q=zanz")).body).toHaveLength(1);
    expect((await t.request("GET", "/api/chapters/search?q=zanz&activeOnly=true")).body).toHaveLength(0);
  });

  it("lists my chapters with my roles; anonymous callers get 401", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    await expectAccess(t, personas, { method: "GET", path: "/api/chapters/my" }, WHO.signedIn);
    const res = await t.request("GET", "/api/chapters/my", { as: personas.host });
    expect(res.body).toEqual([expect.objectContaining({ id: chapter.id, roleIds: [3] })]);
    const plain = await buildUser();
    expect((await t.request("GET", "/api/chapters/my", { as: plain })).body).toEqual([]);
  });
});
