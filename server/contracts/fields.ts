/**
 * Zod building blocks for request bodies, shared by the server's routes and the UI's forms. No Node imports here.
 */
import { z } from "zod";
import { isSingleLine, singleLineMessage } from "./text";

/** The largest id the database holds (a 32-bit integer column on Postgres). */
export const MAX_ID = 2147483647;

export const idMessage = (name: string) => `${name} must be a positive whole number`;

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

/** A real calendar date written YYYY-MM-DD (years 0001 to 9999). */
export function isIsoDate(s: string | null | undefined): boolean {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A wall-clock time HH:mm from 00:00 to 23:59. */
export const isIsoTime = (s: string | null | undefined): boolean => Boolean(s && /^([01]\d|2[0-3]):([0-5]\d)$/.test(s));
