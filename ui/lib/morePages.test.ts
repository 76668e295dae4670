import { describe, expect, it } from "vitest";
import { MAX_MORE_PAGES } from "../../server/contracts/ssr";
import { morePagesHref, morePagesOf, pageAnchorId } from "./morePages";

describe("Load More as an address (?page=N)", () => {
  it("reads the pages an address asks for: 1 to MAX_MORE_PAGES, 1 when unsaid or not a whole number above 1", () => {
    expect(morePagesOf("/")).toBe(1);
    expect(morePagesOf("/?page=3")).toBe(3);
    expect(morePagesOf("/chapter/id/boise?place=x&page=2")).toBe(2);
    expect(morePagesOf("?page=2#news-2")).toBe(2);
    expect(morePagesOf(`/?page=${MAX_MORE_PAGES + 1}`)).toBe(MAX_MORE_PAGES);
    for (const odd of ["0", "1", "-2", "1.5", "two", ""]) expect(morePagesOf(`/?page=${odd}`)).toBe(1);
  });

  it("links to the same page with one more page, keeping its other parameters, scrolled to the new page's first item", () => {
    expect(morePagesHref("/", "", 2, "news")).toBe("/?page=2#news-2");
    expect(morePagesHref("/", "?place=78704&page=2", 3, "news")).toBe("/?place=78704&page=3#news-3");
    expect(morePagesHref("/chapter/id/boise", "", MAX_MORE_PAGES + 1, "emails")).toBeNull();
    expect([0, 1, 2].map((i) => pageAnchorId("news", i))).toEqual([undefined, "news-2", "news-3"]);
  });
});
