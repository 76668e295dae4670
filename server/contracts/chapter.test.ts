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
