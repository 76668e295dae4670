import { z } from "zod";
import { STATES } from "./chapter";
import { multiLine, singleLine } from "./text";
import { WEEK_CODE_VALUES, weekCodesProblem } from "./schedule";
import { idSchema, isIsoDate, isIsoTime } from "./fields";

/** Numbers may arrive as numbers or numeric strings (form posts); anything else stays as is and fails. */
const intLike = (v: unknown) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v);

const requiredText = (message: string, max: number) => {
  const label = message.replace(" is Required", "");
  return singleLine(z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);
};
/** An optional text field, one line unless `lines` is "multi" (the description). */
const optionalText = (label: string, max: number, lines: "single" | "multi" = "single") => {
  const text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
  return z.preprocess((v) => (v == null ? "" : v), lines === "multi" ? multiLine(text, label) : singleLine(text, label));
};

const timeField = (label: string) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .refine(isIsoTime, `${label} must be a time from 00:00 to 23:59 (HH:mm)`);

/** The first entry that is not a known week code, or undefined when all are fine. */
function badWeekCode(entries: unknown[]): string | undefined {
  const bad = entries.find((e) => {
    const n = intLike(typeof e === "string" ? e.trim() : e);
    return !(typeof n === "number" && Number.isInteger(n) && WEEK_CODE_VALUES.includes(n));
  });
  return bad === undefined ? undefined : String(bad);
}

const weeksArray = z
  .array(z.unknown(), { error: "weeksOfMonthIndexesArray must be a list of week codes" })
  .max(8, "weeksOfMonthIndexesArray has too many entries")
  .superRefine((list, ctx) => {
    const bad = badWeekCode(list);
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `Unknown week code ${bad}: use 0 to 7` });
  })
  .transform((list) => list.map((e) => Number(intLike(typeof e === "string" ? e.trim() : e))));

const weeksString = z
  .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ error: "weeksOfMonthIndexes must be comma-separated week codes" }).max(40))
  .superRefine((s, ctx) => {
    const bad = badWeekCode(s.split(",").filter((p) => p.trim() !== ""));
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `Unknown week code ${bad}: use 0 to 7` });
  })
  .transform((s) =>
    s
      .split(",")
      .filter((p) => p.trim() !== "")
      .map((p) => Number(p.trim())),
  );

/** The one message for a capacity that is not a place count. */
export const CAPACITY_MESSAGE = "Capacity must be a whole number from 1 to 100000, or empty for no limit";

/**
 * The body of POST /api/chapter_event (spec 001 section 3, ChapterEvent): create when it names no existing
 * event (by id or slug), update otherwise. Week codes come as weeksOfMonthIndexesArray or weeksOfMonthIndexes.
 * lat/lng are the server's (geocoded on save); frequency is accepted and ignored. The Add/Edit Event form
 * validates with this schema too (ui/screens/chapterAdmin/events/eventForm.ts), so its messages live here only.
 */
export const chapterEventBodySchema = z
  .object({
    id: z.preprocess(intLike, idSchema("id").nullish()),
    slug: singleLine(z.string().trim().max(160), "slug").nullish(),
    chapterId: z.preprocess(intLike, idSchema("chapterId", "chapterId is required").nullish()),
    name: requiredText("Name is Required", 200),
    description: optionalText("Description", 5000, "multi"),
    address1: requiredText("Address is Required", 200),
    address2: optionalText("Address 2", 200),
    city: requiredText("City is Required", 120),
    state: optionalText("State", 3).refine((s) => s === "" || s.toLowerCase() in STATES, "State must be a US state abbreviation, dc, pr or int"),
    postalCode: optionalText("Postal Code", 20),
    country: optionalText("Country", 80),
    startTime: timeField("Start time"),
    endTime: timeField("End time"),
    isSingleDate: z.preprocess(
      (v) => (v == null ? false : v === "true" ? true : v === "false" ? false : v),
      z.boolean({ error: "isSingleDate must be true or false" }),
    ),
    singleDate: z.preprocess((v) => (v === "" ? null : v), z.string().trim().refine(isIsoDate, "Date must be a real date in the form YYYY-MM-DD").nullish()),
    dayOfWeekIndex: z.preprocess(
      (v) => (v === "" ? null : intLike(v)),
      z
        .number({ error: "Day of week must be 0 (Sunday) to 6 (Saturday)" })
        .int("Day of week must be 0 (Sunday) to 6 (Saturday)")
        .min(0, "Day of week must be 0 (Sunday) to 6 (Saturday)")
        .max(6, "Day of week must be 0 (Sunday) to 6 (Saturday)")
        .nullish(),
    ),
    weeksOfMonthIndexesArray: weeksArray.nullish(),
    weeksOfMonthIndexes: weeksString.nullish(),
    capacity: z.preprocess(
      (v) => (v === undefined ? undefined : v === "" || (typeof v === "string" && v.trim() === "") ? null : intLike(v)),
      z.number({ error: CAPACITY_MESSAGE }).int(CAPACITY_MESSAGE).min(1, CAPACITY_MESSAGE).max(100_000, CAPACITY_MESSAGE).nullish(),
    ),
    frequency: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (typeof v.endTime === "string" && typeof v.startTime === "string" && v.endTime <= v.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "End time must be after the start time" });
    if (v.isSingleDate) {
      if (!v.singleDate) ctx.addIssue({ code: "custom", path: ["singleDate"], message: "Date is Required (YYYY-MM-DD)" });
      return;
    }
    if (v.dayOfWeekIndex == null) ctx.addIssue({ code: "custom", path: ["dayOfWeekIndex"], message: "Day of week must be 0 (Sunday) to 6 (Saturday)" });
    // (Runs even when a field above already failed: read only what is well-formed.)
    const listed = v.weeksOfMonthIndexesArray ?? v.weeksOfMonthIndexes ?? [];
    const codes = Array.isArray(listed) ? listed : [];
    const path = [v.weeksOfMonthIndexesArray ? "weeksOfMonthIndexesArray" : "weeksOfMonthIndexes"];
    if (!codes.length) ctx.addIssue({ code: "custom", path, message: "Check at least one week" });
    const problem = weekCodesProblem(codes);
    if (problem) ctx.addIssue({ code: "custom", path, message: problem });
  })
  .transform((v) => {
    const codes = v.isSingleDate ? [] : [...new Set(v.weeksOfMonthIndexesArray ?? v.weeksOfMonthIndexes ?? [])].sort((a, b) => a - b);
    const state = v.state.toLowerCase();
    return {
      id: v.id ?? null,
      slug: v.slug || null,
      chapterId: v.chapterId ?? null,
      fields: {
        name: v.name,
        description: v.description,
        address1: v.address1,
        address2: v.address2,
        city: v.city,
        state: state === "" || state === "int" ? "" : state.toUpperCase(),
        postalCode: v.postalCode,
        country: v.country,
        startTime: v.startTime,
        endTime: v.endTime,
        isSingleDate: v.isSingleDate,
        singleDate: v.isSingleDate ? v.singleDate! : null,
        dayOfWeekIndex: v.isSingleDate ? null : v.dayOfWeekIndex!,
        weeksOfMonthIndexes: codes.join(","),
        // Left out, the stored capacity stays (a client that does not know it keeps it).
        ...(v.capacity === undefined ? {} : { capacity: v.capacity }),
      },
    };
  });

export type ChapterEventFields = z.infer<typeof chapterEventBodySchema>["fields"];

const eventSlug = singleLine(z.string({ error: "slug is required" }).trim().min(1, "slug is required").max(160, "slug must be at most 160 characters"), "slug");
const meetupDate = z.string({ error: "date is required (YYYY-MM-DD)" }).trim().refine(isIsoDate, "date must be a real date in the form YYYY-MM-DD");

const emailList = z.preprocess(
  (v) => (v == null ? false : v === "true" ? true : v === "false" ? false : v),
  z.boolean({ error: "emailList must be true or false" }),
);

/** POST /api/chapter_event/uncancel: { slug, date, emailList }; emailList ("Back on: ...") defaults to false. */
export const uncancelDateSchema = z.object({ slug: eventSlug, date: meetupDate, emailList });

/** POST /api/chapter_event/cancel: { slug, date, note, emailList }; the note is optional, emailList defaults to false. */
export const cancelDateSchema = uncancelDateSchema.extend({
  note: optionalText("Note", 1000, "multi"),
});

const confirmationToken = z
  .string({ error: "token must be the code from the confirmation email" })
  .trim()
  .min(1, "token must be the code from the confirmation email")
  .max(200, "token must be the code from the confirmation email");

/** POST /api/chapter_event/confirm: { slug, date } (host access), or { token } from the confirmation email. */
export const confirmDateSchema = z.object({ slug: eventSlug, date: meetupDate });
export const confirmByTokenSchema = z.object({ token: confirmationToken });

/** POST /api/chapter_event/cancel with { token, note, emailList }: the meetup of a confirmation email's link. */
export const cancelByTokenSchema = z.object({ token: confirmationToken, note: optionalText("Note", 1000, "multi"), emailList });
