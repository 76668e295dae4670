import type { Context } from "koa";
import { koaBody } from "koa-body";
import { ApiError, badRequest, payloadTooLarge, unsupportedBodyEncoding } from "../errors";
import { refuseNul } from "./inputGuard";

/** Form fields an upload may carry besides its one file (the header image sends `chapter`). */
const MAX_UPLOAD_FIELDS = 20;
/** Total size of those fields. */
const MAX_UPLOAD_FIELDS_BYTES = 64 * 1024;

export interface UploadedFile {
  filepath: string;
  size: number;
  originalFilename?: string | null;
  mimetype?: string | null;
}

/** "5 MB", "4 KB": a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** formidable's error codes (formidable/src/FormidableError.js) and what they mean to the person uploading. */
const FORMIDABLE = {
  aborted: 1002,
  maxFieldsSizeExceeded: 1006,
  maxFieldsExceeded: 1007,
  smallerThanMinFileSize: 1008,
  biggerThanTotalMaxFileSize: 1009,
  noEmptyFiles: 1010,
  malformedMultipart: 1012,
  missingMultipartBoundary: 1013,
  unknownTransferEncoding: 1014,
  maxFilesExceeded: 1015,
  biggerThanMaxFileSize: 1016,
};

/** The 4xx for a multipart body formidable refused; anything else (a disk failure) stays a server error. */
export function uploadError(err: { code?: unknown; httpCode?: unknown }, limitBytes: number): ApiError | null {
  switch (err.code) {
    case FORMIDABLE.noEmptyFiles:
    case FORMIDABLE.smallerThanMinFileSize:
      return badRequest("No file was uploaded: the file is empty", "file");
    case FORMIDABLE.maxFilesExceeded:
      return badRequest("Only one file may be uploaded", "file");
    case FORMIDABLE.maxFieldsExceeded:
      return badRequest(`Too many form fields (at most ${MAX_UPLOAD_FIELDS})`);
    case FORMIDABLE.maxFieldsSizeExceeded:
      return payloadTooLarge(`Form fields are larger than ${formatBytes(MAX_UPLOAD_FIELDS_BYTES)}`);
    case FORMIDABLE.biggerThanMaxFileSize:
    case FORMIDABLE.biggerThanTotalMaxFileSize:
      return payloadTooLarge(`Upload is larger than ${formatBytes(limitBytes)}`);
    case FORMIDABLE.malformedMultipart:
    case FORMIDABLE.aborted:
      return badRequest("The upload was cut off before it ended");
    case FORMIDABLE.missingMultipartBoundary:
      return badRequest("The upload is not a multipart form: its Content-Type has no boundary");
    case FORMIDABLE.unknownTransferEncoding:
      return badRequest("The upload uses an unknown Content-Transfer-Encoding");
  }
  const status = typeof err.httpCode === "number" ? err.httpCode : 500;
  return status >= 400 && status < 500 ? badRequest("The upload is not a valid multipart form") : null;
}

/**
 * Reads the multipart body of an upload route. Only the routes that take a file call this, and only once the
 * caller is authenticated and authorized: nobody else gets a multipart parser, a temporary file or its errors.
 * One file, at most MAX_UPLOAD_FIELDS fields, no empty file; every refusal is a 400 or 413 naming the problem.
 * Temporary files are removed after the request (removeUploadsAfterRequest).
 */
export async function readUpload(ctx: Context, limitBytes: number): Promise<Record<string, UploadedFile | UploadedFile[]>> {
  if (ctx.is("multipart")) {
    // formidable reads the bytes as they come, so a compressed upload would pass for a malformed one.
    const encoding = ctx.get("content-encoding").toLowerCase();
    if (encoding && encoding !== "identity") throw unsupportedBodyEncoding("An upload may not be sent with a Content-Encoding");
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        maxFileSize: limitBytes,
        maxTotalFileSize: limitBytes,
        maxFiles: 1,
        maxFields: MAX_UPLOAD_FIELDS,
        maxFieldsSize: MAX_UPLOAD_FIELDS_BYTES,
        allowEmptyFiles: false,
        minFileSize: 1,
      },
      onError: (err: Error & { code?: unknown; httpCode?: unknown }) => {
        throw uploadError(err, limitBytes) ?? err;
      },
    });
    await parse(ctx, async () => {});
    refuseNul(ctx.request.body);
  }
  return (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
}
