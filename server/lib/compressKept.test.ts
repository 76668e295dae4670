import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";

let t: TestApp;
let port: number;

/** A raw GET (fetch would decompress on its own), with the headers asked for. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  t = await startTestApp();
  port = Number(new URL(t.baseUrl).port);
  // Enough chapters for the list to be worth compressing.
  for (let i = 0; i < 12; i++) await buildChapter({ title: `Compressed Town ${i}`, city: `Compressed Town ${i}` });
});
afterAll(async () => t.close());

describe("kept answers are sent compressed", () => {
  it("sends br or gzip to clients that accept it, the same JSON once unpacked, with the answer's ETag", async () => {
    const plain = await rawGet("/api/chapters", {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet("/api/chapters", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("application/json");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gzip = await rawGet("/api/chapters", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    for (const tag of [plain.headers.etag!, `W/${plain.headers.etag}`]) {
      const again = await rawGet("/api/chapters", { "accept-encoding": "br", "if-none-match": tag });
      expect([again.status, again.body.length]).toEqual([304, 0]);
    }
  });

  it("follows the client's q-values, through the app and through the kept-answer lane alike", async () => {
    // Asked twice: repeats of a kept answer are answered by the lane (lib/hotLane.ts), with the same negotiation.
    for (let i = 0; i < 2; i++) {
      expect((await rawGet("/api/chapters", { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
      expect((await rawGet("/api/chapters", { "accept-encoding": "*;q=0" })).headers["content-encoding"]).toBeUndefined();
      expect((await rawGet("/api/chapters", { "accept-encoding": "identity, *" })).headers["content-encoding"]).toBe("br");
    }
  });

  it("leaves answers made for one request, small answers and errors as they are", async () => {
    const small = await rawGet("/api/chapters/state/zz", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    const error = await rawGet("/api/chapter/slug/nowhere_at_all", { "accept-encoding": "br, gzip" });
    expect([error.status, error.headers["content-encoding"]]).toEqual([404, undefined]);
    const health = await rawGet("/api/site_config", { "accept-encoding": "br, gzip" });
    expect(health.headers["content-encoding"]).toBeUndefined();
  });
});
