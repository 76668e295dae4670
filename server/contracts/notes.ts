/** The bodies that leave a note: on a chapter, a user or a host application. Their forms check with these too. */
import { z } from "zod";
import { multiLine } from "./text";
import { idSchema } from "./fields";

const MAX_NOTE_LENGTH = 10_000;

/** POST /api/chapter_note (spec 001 section 7): the chapter admin's Leave a Note. */
export const noteBodySchema = z.object({
  chapterId: idSchema("chapterId", "chapterId is required"),
  note: multiLine(
    z.string({ error: "Note is Required" }).trim().min(1, "Note is Required").max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`),
    "Note",
  ),
  adminOnly: z.boolean({ error: "adminOnly must be true or false" }).optional().default(false),
});

/** A site admin's note on a host application; with aboutUserId, on a user. */
export const adminNoteBodySchema = z.object({
  note: multiLine(z.string({ error: "Note is Required" }).trim().min(1, "Note is Required").max(MAX_NOTE_LENGTH, "Note is too long"), "Note"),
});
export const userNoteBodySchema = adminNoteBodySchema.extend({
  aboutUserId: idSchema("aboutUserId", "aboutUserId must be a user id"),
});
