import { z } from "zod";
import { multiLine, singleLine } from "./text";
import { MAX_ID, httpUrlSchema, slugSchema } from "./fields";

/** What every answer about a press mention carries; each audience adds the chapter it belongs to in its own way. */
export interface PressMentionFields {
  id: number;
  title: string;
  url: string;
  notes: string;
  slug: string;
  isVisible: boolean;
  createdAt: string;
}

/**
 * The body of POST /api/press_mention (spec 001 section 7): create, or update the one with the given slug. The chapter
 * admin's and the site admin's press mention forms check their values with it too.
 */
export const pressMentionBodySchema = z.object({
  slug: z
    .string({ error: "Slug must be text" })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(slugSchema.optional()),
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title must be at most 300 characters"), "Title"),
  url: z.string({ error: "URL is Required" }).trim().min(1, "URL is Required").pipe(httpUrlSchema),
  notes: multiLine(z.string({ error: "Notes must be text" }).max(5000, "Notes must be at most 5000 characters"), "Notes")
    .nullish()
    .transform((s) => s ?? ""),
  isVisible: z.boolean({ error: "isVisible must be true or false" }).optional(),
  /** -1 or null: a site-wide mention with no chapter (spec 001 section 9). */
  chapterId: z
    .number({ error: "chapterId must be a chapter id, or -1 for none" })
    .int("chapterId must be a chapter id, or -1 for none")
    .max(MAX_ID, "chapterId must be a chapter id, or -1 for none")
    .nullish()
    .transform((n) => (n == null || n === -1 ? null : n))
    .refine((n) => n === null || n > 0, "chapterId must be a chapter id, or -1 for none"),
});
