import { describe, expect, it } from "vitest";
import type { ChapterHealthList, ChapterHealthRow } from "../contracts/chapterHealth";
import { readPage } from "../lib/paging";
import { pageHealthTable, type HealthView } from "./page";
import { healthRow } from "../test/healthRows";

const at = "2026-11-24T12:00:00.000Z";
const daysAgo = (d: number) => new Date(Date.parse(at) - d * 86_400_000).toISOString();
const row = (over: Partial<ChapterHealthRow>) => healthRow({ lastEmailAt: daysAgo(1), countedFrom: daysAgo(1), ...over });

// In the kept table's order: at risk, dormant, active, longest silence first.
const rows = [
  row({ slug: "quiet", title: "Quiet Town", health: "at_risk", countedFrom: daysAgo(45), members: 30 }),
  row({ slug: "sleepy", title: "Sleepy Hollow", state: "tx", health: "dormant", status: 0, countedFrom: daysAgo(70), members: 5 }),
  row({ slug: "austin", title: "Austin", state: "tx", countedFrom: daysAgo(10), members: 500, nextMeetupAt: daysAgo(-3) }),
  row({ slug: "boston", title: "Boston", state: "ma", countedFrom: daysAgo(2), members: 12, lastEmailAt: null }),
  row({ slug: "chicago", title: "Chicago", state: "il", countedFrom: daysAgo(2), members: 12, nextMeetupAt: daysAgo(-1) }),
];
const table: ChapterHealthList = { settings: { atRiskAfterDays: 42, dormantAfterDays: 56 }, counts: { active: 3, at_risk: 1, dormant: 1 }, at, rows };
const view = (over: Partial<HealthView> = {}): HealthView => ({ health: "all", state: "", q: "", sort: "health", order: "asc", ...over });
const first = (limit = 100) => readPage({ limit: String(limit) }, 100);
const slugs = (v: Partial<HealthView>, page = first()) => pageHealthTable(table, view(v), page).rows.map((r) => r.slug);

describe("pageHealthTable", () => {
  it("keeps the table's order by default, with the counts of every chapter and the size of the match", () => {
    const page = pageHealthTable(table, view(), first(2));
    expect(page.rows.map((r) => r.slug)).toEqual(["quiet", "sleepy"]);
    expect(page).toMatchObject({ total: 5, matching: 5, page: 0, limit: 2, counts: { active: 3, at_risk: 1, dormant: 1 }, at });
    expect(pageHealthTable(table, view(), readPage({ page: "2", limit: "2" }, 100)).rows.map((r) => r.slug)).toEqual(["chicago"]);
  });

  it("filters by state and searches title, slug or state, counting the match and not the counts", () => {
    const active = pageHealthTable(table, view({ health: "active" }), first());
    expect(active.rows.map((r) => r.slug)).toEqual(["austin", "boston", "chicago"]);
    expect(active).toMatchObject({ total: 5, matching: 3, counts: { active: 3, at_risk: 1, dormant: 1 } });
    expect(slugs({ q: "hollow" })).toEqual(["sleepy"]);
    expect(slugs({ q: "tx" })).toEqual(["sleepy", "austin"]);
    expect(slugs({ q: "tx", health: "active" })).toEqual(["austin"]);
    expect(slugs({ q: "nowhere" })).toEqual([]);
  });

  it("narrows to one US state and counts every state's chapters by health", () => {
    expect(slugs({ state: "tx" })).toEqual(["sleepy", "austin"]);
    expect(slugs({ state: "tx", health: "dormant" })).toEqual(["sleepy"]);
    const page = pageHealthTable(table, view({ state: "tx" }), first());
    expect(page.matching).toBe(2);
    expect(page.byState).toEqual([
      { state: "il", active: 1, at_risk: 0, dormant: 0 },
      { state: "ma", active: 1, at_risk: 0, dormant: 0 },
      { state: "ny", active: 0, at_risk: 1, dormant: 0 },
      { state: "tx", active: 1, at_risk: 0, dormant: 1 },
    ]);
  });

  it("sorts by a column either way, ties by chapter id, and puts missing dates last both ways", () => {
    expect(slugs({ sort: "members" })).toEqual(["sleepy", "boston", "chicago", "quiet", "austin"]);
    expect(slugs({ sort: "members", order: "desc" })).toEqual(["austin", "quiet", "boston", "chicago", "sleepy"]);
    expect(slugs({ sort: "title" })).toEqual(["austin", "boston", "chicago", "quiet", "sleepy"]);
    expect(slugs({ sort: "silence", order: "desc" })).toEqual(["sleepy", "quiet", "austin", "boston", "chicago"]);
    expect(slugs({ sort: "nextMeetupAt" })).toEqual(["chicago", "austin", "quiet", "sleepy", "boston"]);
    expect(slugs({ sort: "nextMeetupAt", order: "desc" })).toEqual(["austin", "chicago", "quiet", "sleepy", "boston"]);
    expect(slugs({ sort: "lastEmailAt", order: "desc" }).at(-1)).toBe("boston");
    expect(slugs({ sort: "health", order: "desc" })).toEqual(["boston", "chicago", "austin", "sleepy", "quiet"]);
  });

  it("never changes the kept table", () => {
    const before = JSON.stringify(table);
    pageHealthTable(table, view({ sort: "title", order: "desc", health: "active" }), first());
    expect(JSON.stringify(table)).toBe(before);
  });
});
