import { describe, expect, it } from "vitest";
import { sitemapSchemaErrors } from "./sitemapSchema";

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

describe("sitemapSchemaErrors", () => {
  it("accepts a valid sitemap", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}><url><loc>https://example.org/</loc><lastmod>2026-11-24T10:00:00.000Z</lastmod><priority>0.8</priority></url></urlset>`;
    expect(sitemapSchemaErrors(xml)).toEqual([]);
  });

  it("names each violation", () => {
    expect(sitemapSchemaErrors(`<urlset><url><loc>x</loc></url>`)[0]).toMatch(/not well-formed/);
    expect(sitemapSchemaErrors(`<urlset><url><loc>https://example.org/</loc></url></urlset>`)).toEqual(["urlset is not in the sitemap namespace"]);
    expect(sitemapSchemaErrors(`<urlset ${NS}></urlset>`)).toEqual(["0 url elements (1 to 50,000 allowed)"]);
    expect(sitemapSchemaErrors(`<urlset ${NS}><url><lastmod>2026-11-24</lastmod><loc>https://example.org/</loc></url></urlset>`)).toEqual([
      "url 1 does not start with loc",
      "url 1 has lastmod, loc",
    ]);
    expect(sitemapSchemaErrors(`<urlset ${NS}><url><loc>/relative</loc><lastmod>24/11/2026</lastmod><changefreq>often</changefreq></url></urlset>`)).toEqual([
      "url 1: loc /relative",
      "url 1: lastmod 24/11/2026",
      "url 1: changefreq often",
    ]);
  });
});
