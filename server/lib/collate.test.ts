import { describe, expect, it } from "vitest";
import { compareCollated, sortedByText, sortedByTextInSlices } from "./collate";

const titles = [
  "Zürich: Drinking Liberally",
  "austin",
  "Austin",
  "Ångström",
  "Äpfel",
  "apple",
  "New York: Westside",
  "new york: eastside",
  "10th Ward",
  "2nd Ward",
  "Éclair",
  "eclair",
  "",
];

describe("sorting by text", () => {
  it("orders as localeCompare does, ties in their order", () => {
    const items = titles.map((title, i) => ({ title, i }));
    const byLocaleCompare = [...items].sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
    expect(sortedByText(items, (item) => item.title.toLowerCase())).toEqual(byLocaleCompare);
    // "austin" and "Austin" tie once lower-cased: the first given stays first.
    const austins = sortedByText(items, (item) => item.title.toLowerCase()).filter((item) => item.title.toLowerCase() === "austin");
    expect(austins.map((item) => item.i)).toEqual([1, 2]);
  });

  it("makes each key once, not once per comparison", () => {
    let made = 0;
    const items = Array.from({ length: 1000 }, (_, i) => `Chapter ${(i * 7919) % 1000}`);
    sortedByText(items, (item) => {
      made++;
      return item;
    });
    expect(made).toBe(1000);
  });

  it("in slices, gives the same order for a network's worth of titles", async () => {
    const items = Array.from({ length: 5000 }, (_, i) => `${titles[i % titles.length]} ${(i * 7919) % 1000}`);
    const byLocaleCompare = [...items].sort((a, b) => a.localeCompare(b));
    expect(await sortedByTextInSlices(items, (item) => item)).toEqual(byLocaleCompare);
  });

  it("compares as localeCompare", () => {
    for (const a of titles) for (const b of titles) expect(Math.sign(compareCollated(a, b))).toBe(Math.sign(a.localeCompare(b)));
  });
});
