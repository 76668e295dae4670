import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PressMention } from "../models";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildHost, buildPersonas, buildUser } from "../test/factories";
import { expectShownOnlyTo, WHO } from "../test/access";
import type { Chapter } from "../models";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

let n = 0;
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
async function mention(chapter: Chapter | null, opts: { title?: string; daysAgo?: number; isVisible?: boolean; notes?: string } = {}) {
  n += 1;
  return PressMention.query().insertAndFetch({
    chapterId: chapter?.id ?? null,
    title: opts.title ?? `Mention ${n}`,
    url: `https://example.com/m${n}`,
    notes: opts.notes ?? "",
    slug: `mention_${n}_${Math.random().toString(36).slice(2, 6)}`,
    isVisible: opts.isVisible ?? true,
    createdAt: daysAgo(opts.daysAgo ?? n),
  });
}

describe("public press mentions", () => {
  it("lists the newest {count} visible mentions with their chapter, and caches briefly", async () => {
    const austin = await buildChapter({ title: "Austin", city: "Austin", state: "tx" });
    await mention(austin, { title: "Oldest", daysAgo: 50 });
    await mention(null, { title: "Newest", daysAgo: 0.5 });
    await mention(austin, { title: "Hidden one", daysAgo: 0.1, isVisible: false });
    await mention(austin, { title: "Second", daysAgo: 1, notes: "internal" });
    const res = await t.request("GET", "/api/press_mention/public/2");
    expect(res.status).toBe(200);
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(["Newest", "Second"]);
    expect(res.body[1]).toMatchObject({ chapter: { id: austin.id, displayTitle: "Austin", state: "tx" }, notes: "" });
    expect(res.body[0].chapter).toBeNull();
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=2, stale-while-revalidate=30");
  });

  it("rejects a bad count with a 400 naming it", async () => {
    for (const bad of ["0", "abc", "101"]) {
      const res = await t.request("GET", `/api/press_mention/public/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe("count must be a whole number from 1 to 100");
    }
  });

  it("lists every visible mention on /public and /public/all, never hidden ones", async () => {
    const all = await t.request("GET", "/api/press_mention/public/all");
    const plain = await t.request("GET", "/api/press_mention/public");
    expect(all.status).toBe(200);
    expect(all.body.map((m: { id: number }) => m.id)).toEqual(plain.body.map((m: { id: number }) => m.id));
    expect(all.body.some((m: { title: string }) => m.title === "Hidden one")).toBe(false);
    expect(all.body.every((m: { isVisible: boolean }) => m.isVisible)).toBe(true);
    const dates = all.body.map((m: { createdAt: string }) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("lists every visible mention's slug and last change on /public/dates, newest first", async () => {
    const hidden = await buildChapter({ status: 0 });
    const ofHidden = await mention(hidden, { daysAgo: 0.01 });
    const res = await t.request("GET", "/api/press_mention/public/dates");
    expect(res.status).toBe(200);
    const all = await t.request("GET", "/api/press_mention/public/all");
    expect(res.body.map((m: { slug: string }) => m.slug)).toEqual(all.body.map((m: { slug: string }) => m.slug));
    expect(res.body.map((m: { slug: string }) => m.slug)).not.toContain(ofHidden.slug);
    const first = await PressMention.query().findOne({ slug: all.body[0].slug });
    expect(res.body[0]).toEqual({ slug: first!.slug, updatedAt: new Date(first!.updatedAt!).toISOString() });
  });

  it("lists a state's visible mentions; int covers empty states; bad states are 400", async () => {
    const vt = await buildChapter({ state: "vt", city: "Burlington", title: "Burlington" });
    const intl = await buildChapter({ state: "", city: "Paris", title: "Paris" });
    await mention(vt, { title: "Vermont news" });
    await mention(vt, { title: "Vermont hidden", isVisible: false });
    await mention(intl, { title: "Paris news" });
    const res = await t.request("GET", "/api/press_mention/public/state/VT");
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(["Vermont news"]);
    const int = await t.request("GET", "/api/press_mention/public/state/int");
    expect(int.body.map((m: { title: string }) => m.title)).toEqual(["Paris news"]);
    const bad = await t.request("GET", "/api/press_mention/public/state/zz");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("state must be a US state abbreviation, dc, pr or int");
  });

  it("lists a chapter's visible mentions; an inactive chapter's only for host access; 404 for unknown", async () => {
    const chapter = await buildChapter();
    await mention(chapter, { title: "Ours", notes: "call back" });
    await mention(chapter, { title: "Ours hidden", isVisible: false });
    const res = await t.request("GET", `/api/press_mention/chapter/${chapter.id}/public`);
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(["Ours"]);
    expect(res.body[0].notes).toBe("");
    const host = await buildHost(chapter);
    const asHost = await t.request("GET", `/api/press_mention/chapter/${chapter.id}/public`, { as: host });
    expect(asHost.body[0].notes).toBe("call back");

    const inactive = await buildChapter({ status: 0 });
    await mention(inactive, { title: "Inactive news" });
    expect((await t.request("GET", `/api/press_mention/chapter/${inactive.id}/public`)).body).toEqual([]);
    const inactiveHost = await buildHost(inactive);
    expect((await t.request("GET", `/api/press_mention/chapter/${inactive.id}/public`, { as: inactiveHost })).body).toHaveLength(1);

    expect((await t.request("GET", "/api/press_mention/chapter/999999/public")).status).toBe(404);
    expect((await t.request("GET", "/api/press_mention/chapter/x/public")).status).toBe(400);
  });

  it("shows a visible mention by slug to anyone, a hidden one only with host access or as admin (not found for others)", async () => {
    const chapter = await buildChapter();
    const shown = await mention(chapter, { title: "Shown" });
    const res = await t.request("GET", `/api/press_mention/slug/${shown.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Shown", url: shown.url, chapterId: chapter.id });

    const hidden = await mention(chapter, { title: "Hidden", isVisible: false });
    const personas = await buildPersonas(chapter);
    await expectShownOnlyTo(t, personas, `/api/press_mention/slug/${hidden.slug}`, "/api/press_mention/slug/no_such_mention", WHO.hostAccess);
    expect((await t.request("GET", `/api/press_mention/slug/${hidden.slug}`, { as: personas.host })).body.title).toBe("Hidden");

    const national = await mention(null, { isVisible: false });
    expect((await t.request("GET", `/api/press_mention/slug/${national.slug}`, { as: personas.host })).status).toBe(404);
    expect((await t.request("GET", `/api/press_mention/slug/${national.slug}`, { as: await buildAdmin() })).status).toBe(200);
    expect((await t.request("GET", `/api/press_mention/slug/${national.slug}`, { as: await buildUser() })).status).toBe(404);
    expect((await t.request("GET", "/api/press_mention/slug/no_such_mention")).status).toBe(404);
  });
});
