import crypto from "node:crypto";

/** A URL-safe slug from free text, with a short random suffix so it is unique without a lookup. */
export function makeSlug(...parts: string[]): string {
  const base = parts
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 80);
  return `${base || "item"}_${crypto.randomBytes(3).toString("hex")}`;
}
