import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildHost } from "../test/factories";
import { BOUNDARY, MULTIPART_TYPE, complete, part, truncated } from "../test/multipart";
import type { Chapter, User } from "../models";
import { UploadedImage } from "../models";
import { formatBytes, uploadError } from "./upload";

// A 4 KB upload limit for this file's app.
let t: TestApp;
let chapter: Chapter;
let host: User;
let admin: User;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_LIMIT_BYTES: "4096" });
  chapter = await buildChapter();
  host = await buildHost(chapter);
  admin = await buildAdmin();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const send = (path: string, as: User | null, body: Buffer | string, contentType = MULTIPART_TYPE) =>
  t.request("POST", path, { as, raw: body, headers: { "content-type": contentType } });
const headerImage = () => `/api/chapter/header_image/${chapter.id}`;

describe("multipart bodies on routes that take no upload", () => {
  it("are not parsed: an empty file part or a cut-off body is never a 500, anonymous or signed in", async () => {
    for (const body of [complete(part("file", "", "x.png")), truncated(part("chapter", "1"))]) {
      for (const as of [null, host]) {
        for (const path of ["/api/auth/signin", "/api/mailing_list/sign_up", "/api/chapter_note", "/api/password_reset/create"]) {
          const res = await send(path, as, body);
          expect(res.status, `${path} as ${as ? "host" : "anonymous"}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${path} as ${as ? "host" : "anonymous"}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe("upload routes read the multipart body only after authorization", () => {
  it("answers 401 and 403 without reading it", async () => {
    const broken = truncated(part("chapter", "1"));
    expect((await send(headerImage(), null, broken)).status).toBe(401);
    expect((await send(headerImage(), await buildHost(await buildChapter()), broken)).status).toBe(403);
    expect((await send("/api/front_page_image", host, broken)).status).toBe(403);
  });

  it("refuses each malformed body with a 4xx naming the real problem", async () => {
    const cases: [string, Buffer | string, number, string, string?][] = [
      ["empty file part", complete(part("file", "", "x.png")), 400, "No file was uploaded: the file is empty"],
      ["cut-off body", truncated(part("chapter", String(chapter.id))), 400, "The upload was cut off before it ended"],
      ["two files", complete(part("file", png, "a.png"), part("image", png, "b.png")), 400, "Only one file may be uploaded"],
      [
        "25 fields",
        complete(...Array.from({ length: 25 }, (_, i) => part(`f${i}`, "v")), part("file", png, "a.png")),
        400,
        "Too many form fields (at most 20)",
      ],
      ["a file above the limit", complete(part("file", Buffer.alloc(5000, 1), "big.png")), 413, "Upload is larger than 4 KB"],
      ["fields above 64 KB", complete(part("chapter", "z".repeat(70_000)), part("file", png, "a.png")), 413, "Form fields are larger than 64 KB"],
      ["no boundary", "garbage", 400, "The upload is not a multipart form: its Content-Type has no boundary", "multipart/form-data"],
      [
        "unknown transfer encoding",
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Transfer-Encoding: x-weird\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
        400,
        "The upload uses an unknown Content-Transfer-Encoding",
      ],
      ["a NUL in a field", complete(part("chapter", "a\u0000b"), part("file", png, "a.png")), 400, "chapter: Text may not contain NUL characters"],
      ["no file part", complete(part("chapter", "1")), 400, "Please choose an image file to upload"],
    ];
    for (const [label, body, status, error, contentType] of cases) {
      for (const [path, as] of [
        [headerImage(), host],
        ["/api/front_page_image", admin],
      ] as const) {
        const res = await send(path, as, body, contentType);
        expect({ label, path, status: res.status, error: res.body?.error }).toEqual({ label, path, status, error });
      }
    }
    expect(await UploadedImage.query().resultSize()).toBe(0);
  });

  it("still stores a proper upload", async () => {
    const res = await send(headerImage(), host, complete(part("chapter", String(chapter.id)), part("file", png, "a.png")));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "success" });
    expect(await UploadedImage.query().findOne({ name: `chapter_header_${chapter.id}.jpg` })).toBeTruthy();
  });
});

describe("uploadError", () => {
  it("leaves a failure of ours (e.g. a missing upload folder) a server error", () => {
    expect(uploadError({ code: 1018, httpCode: 500 }, 4096)).toBeNull();
    expect(uploadError({ code: 1005, httpCode: 400 }, 4096)?.message).toBe("The upload is not a valid multipart form");
  });

  it("names limits as people read them", () => {
    expect([formatBytes(4096), formatBytes(5 * 1024 * 1024), formatBytes(1536 * 1024), formatBytes(10)]).toEqual(["4 KB", "5 MB", "1.5 MB", "1 KB"]);
  });
});
