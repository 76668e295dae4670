import { describe, expect, it } from "vitest";
import { KeptList } from "./keptList";
import { etagOf } from "./readCache";

type Row = { id: number; name: string; group: string };
const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Row ${String(i).padStart(4, "0")}`, group: i % 3 === 0 ? "b" : "a" }));
const page = (n: number, limit: number) => ({ page: n, limit, offset: n * limit, requested: true });

describe("KeptList", () => {
  it("answers a page as the bytes JSON.stringify gives for those rows, with their ETag", async () => {
    const list = await KeptList.of(rows);
    const { answer, total } = list.page({ page: page(3, 7) });
    expect(total).toBe(1000);
    expect(answer.body.toString()).toBe(JSON.stringify(rows.slice(21, 28)));
    expect(answer.etag).toBe(etagOf(Buffer.from(JSON.stringify(rows.slice(21, 28)))));
    expect(list.page({ page: page(0, 1000) }).answer.body.toString()).toBe(JSON.stringify(rows));
    expect(list.page({ page: page(9, 1000) }).answer.body.toString()).toBe("[]");
    expect((await KeptList.of([])).page({ page: page(0, 500) })).toMatchObject({ total: 0 });
  });

  it("answers pages in another order and narrowed by q, counting the matches", async () => {
    const list = await KeptList.of(rows, { searchText: (r) => r.name, orders: { group: (a, b) => a.group.localeCompare(b.group) || b.id - a.id } });
    const byGroup = JSON.parse(list.page({ page: page(0, 3), order: "group" }).answer.body.toString()) as Row[];
    // Group "a" first (ids whose index is not a multiple of 3), each group by id descending.
    expect(byGroup.map((r) => r.id)).toEqual([999, 998, 996]);
    const found = list.page({ page: page(0, 5), q: "ROW 01" });
    expect(found.total).toBe(100);
    expect((JSON.parse(found.answer.body.toString()) as Row[]).map((r) => r.name)).toEqual(["Row 0100", "Row 0101", "Row 0102", "Row 0103", "Row 0104"]);
    const foundByGroup = list.page({ page: page(0, 2), q: "row 010", order: "group" });
    expect([foundByGroup.total, (JSON.parse(foundByGroup.answer.body.toString()) as Row[]).map((r) => r.name)]).toEqual([10, ["Row 0109", "Row 0107"]]);
  });

  it("keeps the pages of a walk through the list, and at most the list's own size again however it is asked", async () => {
    const list = await KeptList.of(rows);
    const first = list.page({ page: page(0, 500) });
    for (let n = 0; n < 10; n++) list.page({ page: page(n, 100) });
    expect(list.page({ page: page(0, 500) })).toBe(first);
    expect(list.page({ page: page(3, 100) })).toBe(list.page({ page: page(3, 100) }));
    for (let limit = 1; limit <= 1000; limit += 1) {
      list.page({ page: page(0, limit) });
      const kept = list.keptPages;
      expect(kept.cost).toBeLessThanOrEqual(kept.budget);
      expect(kept.count).toBeLessThanOrEqual(256);
    }
    expect(list.keptPages.count).toBeGreaterThan(1);
    for (let i = 0; i < 2000; i++) list.page({ page: page(i, 1) });
    expect(list.keptPages.count).toBe(256);
  });
});
