import { describe, expect, it } from "vitest";
import { chapterName } from "./chapter";

describe("a chapter's name where it stands alone", () => {
  it.each([
    ["Austin", "Austin", "drinking", "Austin Drinking Liberally"],
    ["Washington DC", "Washington", "drinking", "Washington DC Drinking Liberally"],
    ["Houston", "Houston", "laughing", "Houston Laughing Liberally"],
    // A title that names its type already is not given it twice, whatever its case and spacing.
    ["Philly Drinking Liberally", "Philadelphia", "drinking", "Philly Drinking Liberally"],
    ["Austin Drinking Liberally", "Austin", "drinking", "Austin Drinking Liberally"],
    ["Drinking Liberally Brooklyn", "New York", "drinking", "Drinking Liberally Brooklyn"],
    ["austin drinking  liberally", "Austin", "drinking", "austin drinking  liberally"],
    // A title that is nothing but its type's name: the city goes before it.
    ["Drinking Liberally", "Austin", "drinking", "Austin Drinking Liberally"],
    // Another type's words are not this type's name.
    ["Screening Liberally Nights", "Austin", "drinking", "Screening Liberally Nights Drinking Liberally"],
    // A type without a name adds nothing.
    ["Austin", "Austin", "", "Austin"],
  ])("%s in %s, of type %s, is %s", (title, city, type, expected) => {
    expect(chapterName({ title, city }, type)).toBe(expected);
  });
});

describe("a chapter's status word", () => {
  it("is one word per status everywhere (1 Active, anything else Hidden), and no health word is a status word", async () => {
    const { chapterStatusLabel } = await import("./chapter");
    const { HEALTH_LABELS } = await import("./chapterHealth");
    const { CHAPTER_STATUSES } = await import("./chapterAdmin");
    expect([1, 0, 2].map(chapterStatusLabel)).toEqual(["Active", "Hidden", "Hidden"]);
    expect(CHAPTER_STATUSES.map((s) => s.label)).toEqual(["Active", "Hidden"]);
    expect(Object.values(HEALTH_LABELS).filter((l) => l === "Active" || l === "Hidden")).toEqual([]);
  });
});
