import { describe, expect, it } from "vitest";
import { PLACE_MAX_LENGTH, parsePlace, placeQuery } from "./place";

describe("placeQuery", () => {
  it("spells a place that names a ZIP code, anywhere in the text, as that ZIP code", () => {
    for (const typed of [
      "78704",
      " 78704 ",
      "78704-0001",
      "78704-1234",
      "Austin, TX 78704",
      "austin tx 78704-0001",
      "Austin, TX 78704, USA",
      "Austin, TX 78704 USA",
      "Austin,78704",
      "Austin, TX, 78704",
      "Austin, Texas 78704",
      "drinking liberally near Austin, TX 78704",
      "78704 Austin TX",
      "near 78704 in Austin",
      "Scholz Garten (78704)",
    ]) {
      expect(placeQuery(typed), typed).toBe("78704");
    }
    // An address's ZIP code comes after its street number.
    expect(placeQuery("1607 San Jacinto Blvd, Austin, TX 78701")).toBe("78701");
  });

  it('spells a city and a US state as "city, st", the state abbreviated or in full, with a comma or without', () => {
    for (const typed of [
      "Austin, TX",
      "austin tx",
      "Austin,TX",
      "AUSTIN,   Texas",
      "Austin Texas",
      "Austin, T.X.",
      "Austin TX, United States",
      "Austin, TX, USA",
    ]) {
      expect(placeQuery(typed), typed).toBe("austin, tx");
    }
    expect(placeQuery("Washington D.C.")).toBe("washington, dc");
    expect(placeQuery("Charleston, West Virginia")).toBe("charleston, wv");
    expect(placeQuery("Salt Lake City Utah")).toBe("salt lake city, ut");
    expect(placeQuery("New York New York")).toBe("new york, ny");
    expect(placeQuery("Portland OR")).toBe("portland, or");
    expect(placeQuery("1607 San Jacinto Blvd, Austin, TX")).toBe("austin, tx");
  });

  it("leaves out the words before a place that name none, and keeps a place's own words", () => {
    for (const typed of ["drinking liberally near Austin, TX", "Drinking Liberally Austin TX", "find a chapter in Austin, Texas", "meetups around austin tx"]) {
      expect(placeQuery(typed), typed).toBe("austin, tx");
    }
    expect(placeQuery("Reading, PA")).toBe("reading, pa");
    expect(placeQuery("Dining Liberally in Reading, PA")).toBe("reading, pa");
    expect(placeQuery("Living Liberally at Lake in the Hills, IL")).toBe("lake in the hills, il");
    expect(placeQuery("The Woodlands, TX")).toBe("the woodlands, tx");
    expect(placeQuery("drinking liberally near London")).toBe("london");
    expect(placeQuery("chapters in Texas")).toBe("texas");
    // Nothing but such words: no place, kept as typed.
    expect(placeQuery("Drinking Liberally")).toBe("drinking liberally");
  });

  it("keeps anything else as typed, in lower case with single spaces; nothing for a search for nothing", () => {
    expect(placeQuery("  New   York ")).toBe("new york");
    expect(placeQuery("London")).toBe("london");
    expect(placeQuery("Texas")).toBe("texas");
    expect(placeQuery("Paris, France")).toBe("paris, france");
    expect(placeQuery("Nowhereville, ZZ")).toBe("nowhereville, zz");
    // Digits alone that are not one ZIP code are no place.
    expect(placeQuery("12345 67890")).toBe("12345 67890");
    expect(placeQuery("787041")).toBe("787041");
    expect(placeQuery(" \t ")).toBe("");
    const long = `${"a".repeat(PLACE_MAX_LENGTH)} 78704`;
    expect(placeQuery(long)).toBe(long);
  });

  it("spells each spelling once: a spelling read again is itself", () => {
    for (const typed of [
      "Austin, TX 78704",
      "drinking liberally near Austin, Texas",
      "Lake in the Hills, IL",
      "Reading PA",
      "Paris, France",
      "chapters in Texas",
      "Washington D.C.",
    ]) {
      const once = placeQuery(typed);
      expect(placeQuery(once), typed).toBe(once);
    }
  });
});

describe("parsePlace", () => {
  it("reads the ZIP code, or the city and state, or the text that names neither", () => {
    expect(parsePlace("drinking liberally near Austin, TX 78704-1234")).toEqual({ zip: "78704", city: null, state: null, text: "78704" });
    expect(parsePlace("Drinking Liberally near Austin, Texas")).toEqual({ zip: null, city: "austin", state: "tx", text: "austin, tx" });
    expect(parsePlace("London, UK")).toEqual({ zip: null, city: null, state: null, text: "london, uk" });
    expect(parsePlace("")).toEqual({ zip: null, city: null, state: null, text: "" });
  });
});
