import type { Context, Next } from "koa";
import { UploadedImage } from "../models/UploadedImage";
import { IMAGE_NAME, UPLOADS_PATH } from "../lib/images";

/**
 * GET /assets/images/uploads/{name}: images stored in the uploaded_images table (chapter header images,
 * the front page image), so that any app process serves the same file. Browsers revalidate every use
 * with the ETag, so a replaced image shows at once and an unchanged one costs a 304.
 * Mounted outside /api, before the static UI.
 */
export function uploadedImages() {
  const prefix = UPLOADS_PATH + "/";
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || !ctx.path.startsWith(prefix)) return next();
    const name = ctx.path.slice(prefix.length);
    const meta = IMAGE_NAME.test(name) ? await UploadedImage.query().findOne({ name }).select("id", "etag", "byteSize", "contentType", "updatedAt") : undefined;
    if (!meta) {
      ctx.status = 404;
      ctx.set("Cache-Control", "no-cache");
      ctx.type = "text/plain";
      ctx.body = "Not found";
      return;
    }
    ctx.set("ETag", `"${meta.etag}"`);
    ctx.set("Cache-Control", "public, max-age=0, must-revalidate");
    if (meta.updatedAt) ctx.lastModified = new Date(meta.updatedAt);
    ctx.type = meta.contentType;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (ctx.method === "HEAD") {
      ctx.length = meta.byteSize;
      return;
    }
    const row = await UploadedImage.query().findById(meta.id).select("data");
    if (!row) return next();
    ctx.body = Buffer.from(row.data);
  };
}
