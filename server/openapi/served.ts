import crypto from "node:crypto";
import { markKept } from "../lib/compressKept";
import { buildOpenApiDocument } from "./document";
import { renderDocsPage } from "./docsPage";

export interface ServedDoc {
  body: Buffer;
  etag: string;
}

let built: { json: ServedDoc; html: ServedDoc } | null = null;

/** Kept bytes: compressKeptAnswers sends them brotli- or gzip-compressed, compressing them once (lib/compressKept.ts). */
const served = (text: string): ServedDoc => ({ body: markKept(Buffer.from(text)), etag: `"${crypto.createHash("sha1").update(text).digest("base64url")}"` });

/** The document and its page, built on first use and kept: both change only with the code. */
export function servedDocs(): { json: ServedDoc; html: ServedDoc } {
  if (!built) {
    const doc = buildOpenApiDocument();
    built = { json: served(JSON.stringify(doc)), html: served(renderDocsPage(doc)) };
  }
  return built;
}
