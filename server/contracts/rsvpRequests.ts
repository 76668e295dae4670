import { z } from "zod";
import { emailSchema, isIsoDate } from "./fields";
import { singleLine } from "./text";
import { RSVP_ANSWERS } from "./rsvp";

/** The request bodies of who's coming (contracts/rsvp.ts has the answers). */

const eventSlug = singleLine(z.string({ error: "slug is required" }).trim().min(1, "slug is required").max(160, "slug must be at most 160 characters"), "slug");
const meetupDate = z.string({ error: "date is required (YYYY-MM-DD)" }).trim().refine(isIsoDate, "date must be a real date in the form YYYY-MM-DD");
const answerField = z.enum(RSVP_ANSWERS, { error: 'answer must be "yes" or "no"' });
const nameField = singleLine(z.string({ error: "Name must be text" }).trim().max(200, "Name must be at most 200 characters"), "Name");

/** POST /api/rsvp: { slug, date, answer, email?, name? } (email is required when not signed in). */
export const rsvpBodySchema = z.object({
  slug: eventSlug,
  date: meetupDate,
  answer: answerField,
  email: z.preprocess((v) => (v === "" || v === null ? undefined : v), emailSchema.optional()),
  name: z.preprocess((v) => (v === null ? undefined : v), nameField.optional()),
});
export type RsvpBody = z.infer<typeof rsvpBodySchema>;

const tokenField = z
  .string({ error: "token must be the code from the email" })
  .trim()
  .min(1, "token must be the code from the email")
  .max(2000, "token must be the code from the email");

/** POST /api/rsvp/confirm: { token } from the link in the email. */
export const rsvpConfirmSchema = z.object({ token: tokenField });
