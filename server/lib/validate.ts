import { z, type ZodType } from "zod";
import { badRequest, fromZod } from "../errors";
import { isSingleLine, singleLineMessage } from "../contracts/text";

/** Validates input against a schema; a failure is a 400 naming the field. */
export function parse<T extends ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** The largest id the database holds (a 32-bit integer column on Postgres). */
export const MAX_ID = 2147483647;

const idMessage = (name: string) => `${name} must be a positive whole number`;

/** A positive integer route parameter, e.g. /chapter/id/{id}. */
export function intParam(value: string | undefined, name = "id"): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw badRequest(idMessage(name), name);
  const n = Number(value);
  if (n < 1 || n > MAX_ID) throw badRequest(idMessage(name), name);
  return n;
}

/**
 * An id in a body: a whole number from 1 to MAX_ID, else "{name} must be a positive whole number" (an id beyond
 * 32 bits used to reach Postgres and fail with a 500). `typeMessage` answers a missing or non-number value.
 */
export function idSchema(name: string, typeMessage = idMessage(name)) {
  const message = idMessage(name);
  return z.number({ error: typeMessage }).int(message).min(1, message).max(MAX_ID, message);
}

/** Slugs as the spec hints: lowercase letters, numbers and underscores (hyphens kept for generated ones). */
export const slugSchema = z
  .string({ error: "Slug is Required" })
  .trim()
  .min(1, "Slug is Required")
  .max(120, "Slug must be at most 120 characters")
  .regex(/^[a-z0-9_-]+$/, "Slug may only contain lowercase letters, numbers and underscores");

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Email is not a valid email address")
  .transform((s) => s.toLowerCase());

export const httpUrlSchema = z
  .string()
  .trim()
  .max(2000, "URL is too long")
  // URL parsing drops tabs and line breaks silently; the text we store keeps them, so refuse them.
  .refine(isSingleLine, singleLineMessage("URL"))
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "URL must start with http:// or https://");

/** Replaces every non-breaking-space variant with a normal space (spec 001 section 5). */
export function normalizeSpaces(text: string): string {
  return text.replace(/\u00a0|&nbsp;|&#160;|&#xa0;|\u202f|\u2007/gi, " ");
}
