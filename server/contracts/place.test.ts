import { describe, expect, it } from "vitest";
import { PLACE_MAX_LENGTH, placeQuery } from "./place";

describe("placeQuery", () => {
  it("spells a place ending in a ZIP code as that ZIP code", () => {
    for (const typed of ["78704", " 78704 ", "78704-0001", "Austin, TX 78704", "austin tx 78704-0001", "Austin, TX 78704, USA", "Austin,78704"]) {
      expect(placeQuery(typed), typed).toBe("78704");
    }
  });

  it('spells a city and a US state as "city, st"', () => {
    for (const typed of ["Austin, TX", "austin tx", "Austin,TX", "AUSTIN,   Texas", "Austin, T.X.", "Austin TX, United States"]) {
      expect(placeQuery(typed), typed).toBe("austin, tx");
    }
    expect(placeQuery("Washington D.C.")).toBe("washington, dc");
    expect(placeQuery("Charleston, West Virginia")).toBe("charleston, wv");
  });

  it("keeps anything else as typed, in lower case with single spaces; nothing for a search for nothing", () => {
    expect(placeQuery("  New   York ")).toBe("new york");
    expect(placeQuery("London")).toBe("london");
    expect(placeQuery("Paris, France")).toBe("paris, france");
    expect(placeQuery("Nowhereville, ZZ")).toBe("nowhereville, zz");
    // Digits alone that end in five are no ZIP code of a place.
    expect(placeQuery("12345 67890")).toBe("12345 67890");
    expect(placeQuery(" \t ")).toBe("");
    const long = `${"a".repeat(PLACE_MAX_LENGTH)} 78704`;
    expect(placeQuery(long)).toBe(long);
  });
});
