import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { compileFinder, EMBED_FINDER_BUDGET_BYTES, EMBED_FINDER_PATH, embedLine } from "./embedFinder";

const PUBLIC_URL = "https://chapters.example.org";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
});
afterAll(async () => t.close());

describe("the embeddable finder's script", () => {
  it(`weighs at most ${EMBED_FINDER_BUDGET_BYTES} bytes gzipped, with no framework in it`, async () => {
    const script = await compileFinder(PUBLIC_URL);
    const gzipped = zlib.gzipSync(script, { level: 9 }).length;
    expect(gzipped).toBeGreaterThan(500);
    expect(gzipped).toBeLessThanOrEqual(EMBED_FINDER_BUDGET_BYTES);
    const text = script.toString("utf8");
    expect(text).not.toMatch(/react|chakra|emotion/i);
    expect(text).not.toContain("innerHTML");
    expect(text).toContain("customElements.define(");
  });

  it("is served as JavaScript with this site's address (PUBLIC_URL), an ETag and a Cache-Control", async () => {
    const res = await t.request("GET", EMBED_FINDER_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.text).toContain(`"${PUBLIC_URL}"`);
    expect(res.text).toContain("chapterhouse-finder");
    expect(res.text).toBe((await compileFinder(PUBLIC_URL)).toString("utf8"));
  });

  it("answers 304 to its ETag, and HEAD", async () => {
    const first = await t.request("GET", EMBED_FINDER_PATH);
    const etag = first.headers.get("etag")!;
    const again = await t.request("GET", EMBED_FINDER_PATH, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const head = await t.request("HEAD", EMBED_FINDER_PATH);
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("is sent gzipped or brotli-compressed to browsers that take it", async () => {
    const res = await fetch(t.baseUrl + EMBED_FINDER_PATH, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await res.text()).toContain("chapterhouse-finder");
    const br = await fetch(t.baseUrl + EMBED_FINDER_PATH, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
  });

  it("is pasted with the line docs/embedding.md shows (the one the browser test pastes)", () => {
    expect(fs.readFileSync(new URL("../../docs/embedding.md", import.meta.url), "utf8")).toContain(embedLine("https://YOUR-SITE"));
  });
});
