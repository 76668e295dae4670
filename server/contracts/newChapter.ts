import { z } from "zod";
import { STATES } from "./chapter";
import { multiLine, singleLine } from "./text";

const required = (message: string, max: number) => {
  const label = message.replace(" is Required", "");
  return singleLine(z.string({ error: message }).trim().min(1, message).max(max, `${label} is too long`), label);
};

/**
 * POST /api/chapter/new (spec 001 section 5): title, city, postal code and country required with these messages.
 * The site admin's Add Chapter form checks with it too.
 */
export const newChapterBodySchema = z.object({
  title: required("Title is Required", 200),
  city: required("City is Required", 120),
  state: z
    .string({ error: "State is Required" })
    .trim()
    .toLowerCase()
    .refine((s) => s in STATES, "State must be one of the listed states"),
  postalCode: required("Postal Code is Required", 20),
  country: required("Country is Required", 80),
  about: multiLine(z.string().max(50_000, "About is too long"), "About").optional(),
  chapterTypeId: z.number().int().min(1).max(99).optional(),
  chapterHostApplicationSlug: singleLine(z.string().trim().min(1).max(200), "chapterHostApplicationSlug").optional(),
});
