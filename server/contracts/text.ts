/**
 * What user-written text may contain (docs/decisions.md, "Input hardening"). Shared by server and UI; no Node.
 *
 * - Single-line fields (titles, names, cities, addresses, postal codes, countries, list names and ids, slugs,
 *   URLs): no control character at all: no C0 (tab and line breaks included), no DEL, no C1, no U+2028/U+2029.
 *   Such text ends up in mail headers, calendar properties and log lines, where a line break starts a new line.
 * - Multi-line fields (about texts, bodies, descriptions, notes, reasons): line breaks and tabs are fine;
 *   other C0 controls and DEL are not.
 * Both are refused with a 400 naming the field, not silently changed. The writers of each format escape
 * what they write anyway (mail headers, ICS, CSV, logs), for rows stored before these rules.
 */
import type { ZodString } from "zod";

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const isSingleLine = (text: string): boolean => !SINGLE_LINE_FORBIDDEN.test(text);
/** The text on one line: each character a single-line field may not hold as a space (for text shown back, not stored). */
export const asSingleLine = (text: string): string => text.replace(new RegExp(SINGLE_LINE_FORBIDDEN.source, "g"), " ");
const isCleanMultiLine = (text: string): boolean => !MULTI_LINE_FORBIDDEN.test(text);

export const singleLineMessage = (label: string) => `${label} must be a single line without control characters`;
export const multiLineMessage = (label: string) => `${label} may not contain control characters other than line breaks and tabs`;

/** Adds the single-line rule to a string schema (after its trim, so surrounding line breaks are simply trimmed). */
export const singleLine = <T extends ZodString>(schema: T, label: string): T => schema.refine(isSingleLine, singleLineMessage(label)) as T;

/** Adds the multi-line rule to a string schema. */
export const multiLine = <T extends ZodString>(schema: T, label: string): T => schema.refine(isCleanMultiLine, multiLineMessage(label)) as T;

/**
 * Free text as a slug: accents dropped, lowercase letters and digits, every other run as one underscore, none at
 * the ends, at most `max` characters ("Bozeman Drinking" -> bozeman_drinking). Empty when nothing is left.
 */
export const slugify = (text: string, max = 80): string =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max);

/** Replaces every non-breaking-space variant with a normal space (spec 001 section 5); server and UI alike. */
export function normalizeSpaces(text: string): string {
  return text.replace(/\u00a0|&nbsp;|&#160;|&#xa0;|\u202f|\u2007/gi, " ");
}
