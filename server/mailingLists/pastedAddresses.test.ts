import { describe, expect, it } from "vitest";
import { readPastedAddresses } from "./pastedAddresses";

const read = (text: string) => readPastedAddresses(text).map((a) => [a.email, a.name, a.typed]);

describe("readPastedAddresses", () => {
  it('reads "Name <email>" as one address with its name', () => {
    expect(read("A Member <member@example.org>")).toEqual([["member@example.org", "A Member", "A Member <member@example.org>"]]);
    expect(read('"Doe, Jane" <jane@example.org>; <bare@example.org>')).toEqual([
      ["jane@example.org", "Doe, Jane", '"Doe, Jane" <jane@example.org>'],
      ["bare@example.org", "", "<bare@example.org>"],
    ]);
  });

  it('reads "email, name" and "Name email", one per line', () => {
    expect(read("member@example.org, A Member\nJosé Álvarez jose@example.org\r\nann@example.org;Ann")).toEqual([
      ["member@example.org", "A Member", "member@example.org"],
      ["jose@example.org", "José Álvarez", "jose@example.org"],
      ["ann@example.org", "Ann", "ann@example.org"],
    ]);
  });

  it("keeps the spec's separators for bare addresses: commas, semicolons, spaces and new lines", () => {
    expect(read("one@example.org, two@example.org\nthree@example.org four@example.org;five@example.org,,")).toEqual(
      ["one", "two", "three", "four", "five"].map((n) => [`${n}@example.org`, "", `${n}@example.org`]),
    );
  });

  it("returns what is neither an address nor a name beside one as typed", () => {
    expect(read("one@example.org bad-address four@\nnot-valid\nJane")).toEqual([
      ["one@example.org", "", "one@example.org"],
      [null, "", "bad-address"],
      ["four@", "", "four@"],
      [null, "", "not-valid"],
      [null, "", "Jane"],
    ]);
    expect(read("A Member <not an address>")).toEqual([["not an address", "A Member", "A Member <not an address>"]]);
  });
});
