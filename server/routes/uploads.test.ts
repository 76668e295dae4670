import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildUser } from "../test/factories";
import { storeImage } from "../lib/images";
import { UploadedImage } from "../models";

// A tiny upload limit for this file's app (models bind to one database per process, so one app per file).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_LIMIT_BYTES: "4096" });
});
afterAll(async () => t.close());

describe("upload size limit", () => {
  it("answers 413 with a clear message above UPLOAD_LIMIT_BYTES and stores nothing", async () => {
    const c = await buildChapter();
    const admin = await buildAdmin();
    const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, () => Math.floor(Math.random() * 256)));
    const noisy = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(4096);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(noisy)], { type: "image/png" }), "big.png");
    const res = await t.request("POST", `/api/chapter/header_image/${c.id}`, { as: admin, raw: form });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorId: "payload_too_large" });
    expect(res.body.error).toMatch(/^Upload is larger than/);
    expect(await UploadedImage.query().resultSize()).toBe(0);
  });
});

describe("GET /assets/images/uploads/{name}", () => {
  it("serves stored images with ETag and revalidation, answers HEAD and 304, 404 for unknown or odd names", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    await storeImage("front_page.jpg", jpeg);
    const res = await t.request("GET", "/assets/images/uploads/front_page.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(Number(res.headers.get("content-length"))).toBe(jpeg.length);
    const etag = res.headers.get("etag")!;
    const head = await t.request("HEAD", "/assets/images/uploads/front_page.jpg");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    const cached = await t.request("GET", "/assets/images/uploads/front_page.jpg", { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(cached.status).toBe(304);
    for (const name of ["nope.jpg", "FRONT_PAGE.jpg", "front_page.png", "..%2Fsecret.jpg", ""]) {
      expect((await t.request("GET", `/assets/images/uploads/${name}`)).status, name).toBe(404);
    }
  });
});

describe("temporary upload files", () => {
  it("are removed after the request, also when the upload is refused", async () => {
    const c = await buildChapter();
    const marker = `marker-${Date.now()}-${Math.random()}`;
    const before = new Set(fs.readdirSync(os.tmpdir()));
    for (const as of [await buildUser(), null]) {
      const form = new FormData();
      form.append("file", new Blob([marker], { type: "image/png" }), "x.png");
      const res = await t.request("POST", `/api/chapter/header_image/${c.id}`, { as, raw: form });
      expect([401, 403]).toContain(res.status);
    }
    const left = fs
      .readdirSync(os.tmpdir())
      .filter((f) => !before.has(f))
      .filter((f) => {
        try {
          const full = path.join(os.tmpdir(), f);
          return fs.statSync(full).isFile() && fs.readFileSync(full, "utf8").includes(marker);
        } catch {
          return false;
        }
      });
    expect(left).toEqual([]);
  });
});
