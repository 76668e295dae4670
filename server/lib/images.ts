import crypto from "node:crypto";
import fs from "node:fs";
import type { Context } from "koa";
import sharp from "sharp";
import { badRequest } from "../errors";
import { UploadedImage } from "../models/UploadedImage";
import { readUpload, type UploadedFile } from "./upload";

/** Longest side of a stored image, in pixels; larger uploads are scaled down. */
const MAX_IMAGE_DIMENSION = 2000;
/** Decoded images above this many pixels are refused before they can exhaust memory. */
const MAX_INPUT_PIXELS = 60_000_000;
/** Public path under which stored images are served (see server/routes/uploads.ts). */
export const UPLOADS_PATH = "/assets/images/uploads";

/** Names of stored images: what the uploads route will serve. */
export const IMAGE_NAME = /^[a-z0-9][a-z0-9_.-]{0,150}\.jpg$/;

export const chapterHeaderImageName = (chapterId: number) => `chapter_header_${chapterId}.jpg`;

/** Where a chapter's header image is served, with its version (so a new upload is fetched afresh), or null without one. */
export async function chapterHeaderImageUrl(chapterId: number): Promise<string | null> {
  const image = await UploadedImage.query()
    .findOne({ name: chapterHeaderImageName(chapterId) })
    .select("name", "etag");
  return image ? `${UPLOADS_PATH}/${image.name}?v=${encodeURIComponent(image.etag.replace(/"/g, "").slice(0, 16))}` : null;
}

/**
 * The uploaded file of a multipart request: the field `file` (or `image`, or the only file sent), read now (the
 * caller has authorized the request). 400 when the request carries no file; 413 above UPLOAD_LIMIT_BYTES.
 */
async function uploadedFile(ctx: Context): Promise<UploadedFile> {
  const files = await readUpload(ctx, ctx.state.services.config.uploadLimitBytes);
  const pick = files.file ?? files.image ?? Object.values(files)[0];
  const file = Array.isArray(pick) ? pick[0] : pick;
  if (!file) throw badRequest("Please choose an image file to upload", "file");
  return file;
}

/**
 * Any image sharp can decode (JPEG, PNG, WebP, GIF, AVIF, TIFF, SVG...) to a JPEG: turned upright by its
 * EXIF orientation, scaled to fit MAX_IMAGE_DIMENSION, transparency flattened onto white, and every piece
 * of metadata (EXIF, GPS, ICC comments) dropped. 400 for anything that is not a readable image.
 */
async function toJpeg(input: Buffer): Promise<Buffer> {
  try {
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    return await image
      .rotate()
      .resize({ width: MAX_IMAGE_DIMENSION, height: MAX_IMAGE_DIMENSION, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? "")) {
      throw badRequest("The image is too large; please upload one of at most 60 megapixels", "file");
    }
    throw badRequest("The file is not an image we can read; please upload a JPEG, PNG, GIF or WebP image", "file");
  }
}

/** Stores (or replaces) a JPEG under its public name, in the database so every app process can serve it. */
export async function storeImage(name: string, jpeg: Buffer): Promise<UploadedImage> {
  if (!IMAGE_NAME.test(name)) throw new Error(`bad image name ${name}`);
  const etag = crypto.createHash("sha256").update(jpeg).digest("hex").slice(0, 40);
  const row = { name, contentType: "image/jpeg", data: jpeg, byteSize: jpeg.length, etag };
  return UploadedImage.transaction(async (trx) => {
    const existing = await UploadedImage.query(trx).findOne({ name }).select("id");
    if (existing) return UploadedImage.query(trx).patchAndFetchById(existing.id, row);
    return UploadedImage.query(trx).insertAndFetch(row);
  });
}

/** Reads the multipart upload of this request, re-encodes it and stores it as `name` (temp files: removeUploadsAfterRequest). */
export async function saveUploadedImage(ctx: Context, name: string): Promise<UploadedImage> {
  const file = await uploadedFile(ctx);
  const input = await fs.promises.readFile(file.filepath);
  if (input.length === 0) throw badRequest("The uploaded file is empty", "file");
  return storeImage(name, await toJpeg(input));
}

/** Removes a stored image; true when there was one. */
export async function deleteImage(name: string): Promise<boolean> {
  return (await UploadedImage.query().delete().where({ name })) > 0;
}

/**
 * Middleware for the API: after the request, removes every temporary file an upload route's multipart body
 * left (readUpload), whether or not the handler got to use it (refused and failed uploads leave nothing behind).
 */
export function removeUploadsAfterRequest() {
  return async (ctx: Context, next: () => Promise<unknown>) => {
    try {
      await next();
    } finally {
      const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files;
      if (files) {
        const all = Object.values(files).flatMap((f) => (Array.isArray(f) ? f : [f]));
        await Promise.all(all.map((f) => fs.promises.rm(f.filepath, { force: true }).catch(() => {})));
      }
    }
  };
}
