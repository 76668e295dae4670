import crypto from "node:crypto";
import fs from "node:fs/promises";
import type Router from "@koa/router";
import type { Context } from "koa";
import sharp from "sharp";
import { z } from "zod";
import { FrontPage } from "../models/FrontPage";
import { UploadedImage } from "../models/UploadedImage";
import { badRequest } from "../errors";
import { httpUrlSchema, parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { FRONT_PAGE_IMAGE_NAME, type FrontPageInfo } from "../contracts/siteAdmin";
import type { Services } from "../services";

const frontPageSchema = z.object({
  imageLinkURL: z.string({ error: "Image Link URL is Required" }).trim().min(1, "Image Link URL is Required").pipe(httpUrlSchema),
});

/** Uploaded images are served at /assets/images/uploads/{name}. */
const imageUrl = (fp: FrontPage) => (fp.hasImage ? `/assets/images/uploads/${FRONT_PAGE_IMAGE_NAME}?v=${encodeURIComponent(fp.updatedAt ?? "")}` : null);

async function loadFrontPage(): Promise<FrontPage> {
  const row = await FrontPage.query().findById(1);
  if (row) return row;
  return FrontPage.query().insertAndFetch({ id: 1, imageLinkUrl: "", hasImage: false });
}

const present = (fp: FrontPage): FrontPageInfo => ({ imageLinkURL: fp.imageLinkUrl, hasImage: fp.hasImage, imageUrl: imageUrl(fp) });

interface UploadedFile {
  filepath: string;
  mimetype?: string | null;
  size: number;
}

/** The one uploaded file of a multipart request, whatever its field name. */
function uploadedFile(ctx: Context): UploadedFile {
  const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  const first = Object.values(files).flat()[0];
  if (!first) throw badRequest("Choose an image file to upload", "file");
  return first;
}

/** Re-encodes any image sharp can read as a JPEG no wider than 1600 px (also drops metadata). */
async function toJpeg(file: UploadedFile): Promise<Buffer> {
  try {
    return await sharp(await fs.readFile(file.filepath)).rotate().resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    throw badRequest("The file is not an image we can read", "file");
  }
}

/**
 * Front page settings (spec 000: the optional call-out image that links to a configured URL).
 * GET is public; writes are for admins.
 */
export function frontPageRoutes(router: Router, _s: Services) {
  router.get("/front_page", async (ctx) => {
    ctx.body = present(await loadFrontPage());
  });

  router.post("/front_page", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.admin, null);
    const { imageLinkURL } = parse(frontPageSchema, ctx.request.body);
    await loadFrontPage();
    const fp = await FrontPage.query().patchAndFetchById(1, { imageLinkUrl: imageLinkURL });
    await recordActivity({ type: "site_content", title: "Front page image link changed", note: imageLinkURL, adminOnly: true, userId: viewer.id });
    ctx.body = present(fp);
  });

  /** Multipart image upload; stored as front_page.jpg. Answers {result: "success"}. */
  router.post("/front_page_image", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.admin, null);
    const data = await toJpeg(uploadedFile(ctx));
    const etag = crypto.createHash("sha256").update(data).digest("hex").slice(0, 32);
    await UploadedImage.transaction(async (trx) => {
      const existing = await UploadedImage.query(trx).findOne({ name: FRONT_PAGE_IMAGE_NAME });
      const row = { contentType: "image/jpeg", data, byteSize: data.length, etag };
      if (existing) await UploadedImage.query(trx).patchAndFetchById(existing.id, row);
      else await UploadedImage.query(trx).insert({ name: FRONT_PAGE_IMAGE_NAME, ...row });
      await FrontPage.query(trx).patch({ hasImage: true }).where({ id: 1 });
      await recordActivity({ type: "site_content", title: "Front page image uploaded", adminOnly: true, userId: viewer.id }, trx);
    });
    ctx.body = { result: "success" };
  });
}
