import crypto from "node:crypto";
import { slugify } from "../contracts/text";

/** A URL-safe slug from free text, with a short random suffix so it is unique without a lookup. */
export function makeSlug(...parts: string[]): string {
  const base = slugify(parts.join(" "), 80);
  return `${base || "item"}_${crypto.randomBytes(3).toString("hex")}`;
}
