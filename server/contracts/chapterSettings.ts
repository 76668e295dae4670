/**
 * The body of POST /api/chapter (spec 001 section 5), checked by the route and by the Chapter Settings form, so the
 * spec's messages live here only. No Node imports here.
 */
import { z } from "zod";
import { STATES, type ChapterDetail } from "./chapter";
import { idSchema } from "./fields";
import { singleLine } from "./text";
import { isAllowedTimeZone } from "./timeZones";

/** The fields of the Chapter Settings form, as ChapterDetail names them. */
const CHAPTER_SETTINGS_FIELDS = [
  "title",
  "slug",
  "city",
  "state",
  "postalCode",
  "country",
  "chapterTypeId",
  "status",
  "emailAlias",
  "brontoListName",
  "sendInBlueListId",
  "brontoListId",
  "timeZone",
] as const satisfies readonly (keyof ChapterDetail)[];

export type ChapterSettingsValues = Pick<ChapterDetail, (typeof CHAPTER_SETTINGS_FIELDS)[number]>;

/** The settings of a chapter as the form starts with them. */
export const settingsOf = (chapter: ChapterDetail): ChapterSettingsValues =>
  Object.fromEntries(CHAPTER_SETTINGS_FIELDS.map((k) => [k, chapter[k]])) as ChapterSettingsValues;

export type ListProvider = "sendInBlue" | "bronto";

/** The list id field each list provider needs, and its label. */
export const LIST_ID_FIELDS = {
  sendInBlue: { field: "sendInBlueListId", label: "SendInBlue Id" },
  bronto: { field: "brontoListId", label: "Bronto Id" },
} as const;

export const listIdRequired = (provider: ListProvider) => `${LIST_ID_FIELDS[provider].label} is Required`;

const required = (message: string, max: number, label: string) =>
  singleLine(z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);

const listId = (provider: ListProvider, needed: boolean) => {
  const { label } = LIST_ID_FIELDS[provider];
  return needed ? required(listIdRequired(provider), 100, label) : singleLine(z.string().trim().max(100, `${label} must be at most 100 characters`), label);
};

/**
 * Any subset of the chapter's settings, plus its id. Unknown keys (a whole chapter object as the UI holds it) are
 * ignored; a field present but empty fails with the spec's message. With `listProvider`, that provider's list id is
 * required too (the route checks it once it knows the provider; the form knows it from the settings options).
 */
export function chapterSettingsSchema(listProvider?: ListProvider) {
  return z.object({
    id: idSchema("id", "id is required"),
    title: required("Title is Required", 200, "Title").optional(),
    slug: z
      .string({ error: "Slug is Required" })
      .trim()
      .min(1, "Slug is Required")
      .max(120, "Slug must be at most 120 characters")
      .regex(/^[a-z0-9_-]+$/, "Slug must be lowercase letters, numbers and underscores, without spaces")
      .optional(),
    city: required("City is Required", 120, "City").optional(),
    state: z
      .string({ error: "State is Required" })
      .trim()
      .transform((s) => s.toLowerCase())
      .refine((s) => s in STATES, "State must be a US state abbreviation, dc, pr or int")
      .optional(),
    postalCode: required("Postal Code is Required", 20, "Postal Code").optional(),
    country: required("Country is Required", 80, "Country").optional(),
    chapterTypeId: idSchema("chapterTypeId", "Chapter Type is Required").optional(),
    status: z
      .number({ error: "Chapter Status must be 1 (Active) or 0 (Hidden)" })
      .refine((n) => n === 0 || n === 1, "Chapter Status must be 1 (Active) or 0 (Hidden)")
      .optional(),
    emailAlias: required("Email Alias is Required", 64, "Email Alias")
      .transform((s) => s.toLowerCase())
      .refine((s) => /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/.test(s), "Email Alias may only contain letters, numbers, dots, hyphens and underscores")
      .optional(),
    brontoListName: required("List Name is Required", 200, "List Name").optional(),
    sendInBlueListId: listId("sendInBlue", listProvider === "sendInBlue").optional(),
    brontoListId: listId("bronto", listProvider === "bronto").optional(),
    timeZone: z.string({ error: "Time Zone is Required" }).trim().refine(isAllowedTimeZone, "Time Zone must be one of the listed time zones").optional(),
  });
}
