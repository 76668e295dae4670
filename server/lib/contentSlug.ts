import { z } from "zod";
import { idSchema, normalizeSpaces } from "./validate";
import { SLUG_MESSAGE } from "../contracts/siteAdmin";
import { multiLine, singleLine } from "../contracts/text";

/** Blog, page and wiki slugs: lowercase letters, digits and underscores (spec 001 section 5, enforced here). */
export const contentSlugSchema = z
  .string({ error: "Slug is Required" })
  .trim()
  .min(1, "Slug is Required")
  .max(120, "Slug must be at most 120 characters")
  .regex(/^[a-z0-9_]+$/, SLUG_MESSAGE);

/** Fields every blog post, page and wiki page has; `id` present means update. */
export const contentFields = {
  id: idSchema("id").optional(),
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title is too long"), "Title"),
  slug: contentSlugSchema,
  /** Non-breaking spaces become normal spaces before saving (spec 001 section 5). */
  body: multiLine(z.string().max(500_000, "Body is too long"), "Body").default("").transform(normalizeSpaces),
  isPublic: z.boolean().default(true),
};
