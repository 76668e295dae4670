import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, Chapter, EmailSettings, Job, UploadedImage } from "../models";
import { SETTINGS_NEED_FIELD_ORGANIZER } from "../contracts/chapterAdmin";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Settings Town", city: "Settings Town" }));
});
afterAll(async () => t.close());

const post = (body: unknown, as: { id: number } | null) => t.request("POST", "/api/chapter", { body, as });

describe("POST /api/chapter: settings", () => {
  it("needs field organizer access to change settings", async () => {
    let n = 0;
    await expectAccess(t, p, { method: "POST", path: "/api/chapter", body: () => ({ id: chapter.id, title: `Retitled ${++n}` }) }, WHO.fieldOrganizerAccess);
  });

  it("refuses a host with the spec's sentence and changes nothing", async () => {
    const res = await post({ id: chapter.id, city: "Elsewhere" }, p.host);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(SETTINGS_NEED_FIELD_ORGANIZER);
    expect((await Chapter.query().findById(chapter.id))!.city).toBe("Settings Town");
  });

  it("saves every settings field for a field organizer and records the change in the feed", async () => {
    const res = await post(
      {
        id: chapter.id,
        title: "Drinking Liberally",
        city: "Springfield",
        state: "MA",
        postalCode: "01101",
        country: "USA",
        chapterTypeId: 4,
        status: 0,
        emailAlias: "Springfield-MA",
        brontoListName: "Springfield MA list",
        brontoListId: "b-77",
        sendInBlueListId: "77",
        timeZone: "America/Denver",
        // Fields of the chapter as the UI holds it are ignored.
        displayTitle: "whatever",
        hosts: [],
      },
      p.fieldOrganizer,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Drinking Liberally",
      city: "Springfield",
      state: "ma",
      postalCode: "01101",
      chapterTypeId: 4,
      status: 0,
      emailAlias: "springfield-ma",
      brontoListName: "Springfield MA list",
      brontoListId: "b-77",
      sendInBlueListId: "77",
      timeZone: "America/Denver",
    });
    expect(res.body.contactEmail).toBe("springfield-ma@laughingliberally.org");
    const stored = await Chapter.query().findById(chapter.id);
    expect(stored).toMatchObject({ state: "ma", chapterTypeId: 4, status: 0, timeZone: "America/Denver" });
    const item = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "chapter_settings" }).orderBy("id", "desc").first();
    expect(item).toMatchObject({ userId: p.fieldOrganizer.id, adminOnly: false });
    expect(item!.note).toContain("Chapter Type");
    expect(item!.note).toContain("Time Zone");
  });

  it("lets only admins change the slug; others get 403", async () => {
    const fo = await post({ id: chapter.id, slug: "new_slug_fo" }, p.fieldOrganizer);
    expect(fo.status).toBe(403);
    expect(fo.body.error).toBe("Only admins can change a chapter's slug.");
    // Sending the slug unchanged is fine.
    expect((await post({ id: chapter.id, slug: chapter.slug, title: "Same Slug" }, p.fieldOrganizer)).status).toBe(200);
    const admin = await post({ id: chapter.id, slug: "settings_town_2" }, p.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.slug).toBe("settings_town_2");
    chapter.slug = "settings_town_2";
  });

  it("refuses slugs with capitals or spaces, and taken slugs", async () => {
    for (const slug of ["Has Caps", "has space", "UPPER"]) {
      const res = await post({ id: chapter.id, slug }, p.admin);
      expect(res.status, slug).toBe(400);
      expect(res.body.field).toBe("slug");
    }
    const other = await buildChapter();
    const taken = await post({ id: chapter.id, slug: other.slug }, p.admin);
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe("slug");
  });

  it("answers the spec's validation messages naming the field", async () => {
    const cases: [string, string][] = [
      ["title", "Title is Required"],
      ["slug", "Slug is Required"],
      ["city", "City is Required"],
      ["postalCode", "Postal Code is Required"],
      ["country", "Country is Required"],
      ["emailAlias", "Email Alias is Required"],
      ["brontoListName", "List Name is Required"],
      ["sendInBlueListId", "SendInBlue Id is Required"],
    ];
    for (const [field, message] of cases) {
      const res = await post({ id: chapter.id, [field]: "  " }, p.admin);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: message, field });
    }
  });

  it("requires the Bronto list id instead when the site uses Bronto", async () => {
    await EmailSettings.query().patch({ serviceName: "bronto" }).where({ id: 1 });
    try {
      expect((await post({ id: chapter.id, sendInBlueListId: "" }, p.admin)).status).toBe(200);
      const res = await post({ id: chapter.id, brontoListId: "" }, p.admin);
      expect(res.body).toMatchObject({ error: "Bronto Id is Required", field: "brontoListId" });
    } finally {
      await EmailSettings.query().patch({ serviceName: "sendInBlue" }).where({ id: 1 });
      await Chapter.query().patch({ sendInBlueListId: "77" }).where({ id: chapter.id });
    }
  });

  it("checks state, status, chapter type, time zone and alias", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ state: "zz" }, "state"],
      [{ status: 2 }, "status"],
      [{ status: "1" }, "status"],
      [{ chapterTypeId: 99 }, "chapterTypeId"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ emailAlias: "a b" }, "emailAlias"],
      [{ title: "x".repeat(201) }, "title"],
    ];
    for (const [body, field] of bad) {
      const res = await post({ id: chapter.id, ...body }, p.admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it("answers 404 for an unknown chapter, 400 without an id, 401 when signed out", async () => {
    expect((await post({ id: 999999, title: "x" }, p.admin)).status).toBe(404);
    expect((await post({ title: "x" }, p.admin)).body.field).toBe("id");
    expect((await post({ id: chapter.id, title: "x" }, null)).status).toBe(401);
  });
});

describe("POST /api/chapter: list id changes", () => {
  it("queues a re-sync of the chapter's contacts to the new list, and none for other changes", async () => {
    const c = await buildChapter({ sendInBlueListId: "500" });
    const jobs = () =>
      Job.query()
        .where({ type: "list.resyncAll" })
        .then((rows) => rows.filter((j) => (j.payload as { chapterId?: number }).chapterId === c.id));
    await post({ id: c.id, title: "Renamed only" }, p.admin);
    expect(await jobs()).toHaveLength(0);
    const res = await post({ id: c.id, sendInBlueListId: "501" }, p.admin);
    expect(res.status).toBe(200);
    expect((await jobs()).map((j) => j.payload)).toEqual([{ afterId: 0, chapterId: c.id }]);
  });
});

describe("POST /api/chapter: about text", () => {
  it("needs only host access", async () => {
    let n = 0;
    await expectAccess(t, p, { method: "POST", path: "/api/chapter", body: () => ({ id: chapter.id, about: `About ${++n}` }) }, WHO.hostAccess);
  });

  it("normalises non-breaking spaces, renders safe HTML and records the change", async () => {
    const res = await post(
      { id: chapter.id, about: "Meet\u00a0us&nbsp;here <script>window.__xss=1</script><img src=x onerror=alert(1)> [x](javascript:alert(1))" },
      p.host,
    );
    expect(res.status).toBe(200);
    expect(res.body.about).toBe("Meet us here <script>window.__xss=1</script><img src=x onerror=alert(1)> [x](javascript:alert(1))");
    expect(res.body.aboutHtml).not.toMatch(/<script|onerror|javascript:/i);
    expect(res.body.aboutHtml).toContain("Meet us here");
    const item = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "chapter_content" }).orderBy("id", "desc").first();
    expect(item).toMatchObject({ userId: p.host.id });
  });

  it("lets a host post the whole chapter back with only the about text changed", async () => {
    const current = (await t.request("GET", `/api/chapter/id/${chapter.id}`, { as: p.host })).body;
    const res = await post({ ...current, about: "Whole object" }, p.host);
    expect(res.status).toBe(200);
    expect(res.body.about).toBe("Whole object");
  });
});

async function png(width: number, height: number, withExif = false): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png();
  if (withExif) img = img.withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-gps-owner" } } });
  return img.toBuffer();
}

function upload(chapterId: number, as: { id: number } | null, data: Buffer, filename = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), filename);
  form.append("chapter", String(chapterId));
  return t.request("POST", `/api/chapter/header_image/${chapterId}`, { as, raw: form });
}

describe("header image", () => {
  it("upload and delete need host access", async () => {
    await expectAccess(t, p, { method: "POST", path: `/api/chapter/header_image/${chapter.id}` }, WHO.hostAccess);
    await expectAccess(t, p, { method: "DELETE", path: `/api/chapter/header_image/${chapter.id}` }, WHO.hostAccess);
  });

  it("re-encodes any image to an upright JPEG without metadata, at most 2000 px, served with caching headers", async () => {
    const res = await upload(chapter.id, p.host, await png(300, 100, true));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "success" });
    const path = `/assets/images/uploads/chapter_header_${chapter.id}.jpg`;
    const img = await t.request("GET", path);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(img.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = img.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const stored = await UploadedImage.query().findOne({ name: `chapter_header_${chapter.id}.jpg` });
    const meta = await sharp(stored!.data).metadata();
    expect(meta.format).toBe("jpeg");
    // EXIF orientation 6 means "rotate 90°": the stored image is upright and carries no EXIF at all.
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.exif).toBeUndefined();
    expect(stored!.data.includes(Buffer.from("secret-gps-owner"))).toBe(false);

    // (fetch adds "Cache-Control: no-cache" to conditional requests unless one is given; browsers send max-age=0.)
    const again = await t.request("GET", path, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);

    await upload(chapter.id, p.host, await png(3000, 1500));
    const big = await UploadedImage.query().findOne({ name: `chapter_header_${chapter.id}.jpg` });
    expect(await sharp(big!.data).metadata()).toMatchObject({ width: 2000, height: 1000 });
    const changed = await t.request("GET", path, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(changed.status).toBe(200);

    const feed = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "chapter_content" }).where("title", "like", "Header image%");
    expect(feed.length).toBeGreaterThanOrEqual(2);
  });

  it("accepts other image types (GIF, WebP)", async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .gif()
      .toBuffer();
    expect((await upload(chapter.id, p.host, gif, "a.gif", "image/gif")).status).toBe(200);
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#00ff00" } })
      .webp()
      .toBuffer();
    expect((await upload(chapter.id, p.host, webp, "a.webp", "image/webp")).status).toBe(200);
  });

  it("refuses files that are not images, and requests without a file, with 400", async () => {
    const res = await upload(chapter.id, p.host, Buffer.from("<script>alert(1)</script>"), "evil.png", "image/png");
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("file");
    const none = await t.request("POST", `/api/chapter/header_image/${chapter.id}`, { as: p.host, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Please choose an image file to upload");
  });

  it("the chapter's public answer names its image with its version, anew after each upload, and none once deleted", async () => {
    const before = (await Chapter.query().findById(chapter.id))!;
    const slug = before.slug;
    // Visitors read an active chapter's answer from the read cache: an upload must reach it.
    await Chapter.query().patch({ status: 1 }).findById(chapter.id);
    const read = async () => (await t.request("GET", `/api/chapter/slug/${slug}`)).body.headerImage as string | null;
    await t.request("DELETE", `/api/chapter/header_image/${chapter.id}`, { as: p.host });
    expect(await read()).toBeNull();
    await upload(chapter.id, p.host, await png(40, 20));
    const first = await read();
    expect(first).toMatch(new RegExp(`^/assets/images/uploads/chapter_header_${chapter.id}\\.jpg\\?v=\\w+$`));
    await upload(chapter.id, p.host, await png(50, 20));
    const second = await read();
    expect(second).toMatch(/\?v=\w+$/);
    expect(second).not.toBe(first);
    await t.request("DELETE", `/api/chapter/header_image/${chapter.id}`, { as: p.host });
    expect(await read()).toBeNull();
    await Chapter.query().patch({ status: before.status }).findById(chapter.id);
  });

  it("delete removes the image; it is then 404", async () => {
    await upload(chapter.id, p.host, await png(10, 10));
    const res = await t.request("DELETE", `/api/chapter/header_image/${chapter.id}`, { as: p.host });
    expect(res.body).toEqual({ result: "success" });
    expect((await t.request("GET", `/assets/images/uploads/chapter_header_${chapter.id}.jpg`)).status).toBe(404);
    expect((await t.request("GET", "/assets/images/uploads/../../etc/passwd")).status).toBe(404);
  });
});

describe("GET /api/chapter/settings_options", () => {
  it("is for signed-in callers and lists chapter types with domains, the list provider and time zones", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/chapter/settings_options" }, ["user", "otherHost", "host", "fieldOrganizer", "admin"]);
    const res = await t.request("GET", "/api/chapter/settings_options", { as: p.host });
    expect(res.body.chapterTypes).toContainEqual({ id: 4, name: "laughing", hexColor: expect.any(String), emailDomain: "laughingliberally.org" });
    expect(res.body.emailServiceName).toBe("sendInBlue");
    expect(res.body.timeZones).toContain("America/New_York");
    expect(res.body.timeZones).toContain("UTC");
  });
});
