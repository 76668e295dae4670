/**
 * Helping a hidden chapter meet again: the form on its page (a plain form post, so it works without JavaScript),
 * the message it sends and whom it goes to. No Node imports here.
 */
import { z } from "zod";
import { emailSchema } from "./fields";
import { multiLine, singleLine } from "./text";

/** POST here (application/x-www-form-urlencoded): chapterId, name, email, message and back (the page to return to). */
export const REVIVE_CHAPTER_PATH = "/revive_chapter";

/** The id of the revive section on a hidden chapter's page: the form's answer lands on it. */
export const REVIVE_ANCHOR = "revive";

/** The longest message (it travels back to the page, filled in again, when something was wrong). */
export const REVIVE_MESSAGE_MAX = 1000;

export const reviveMessageSchema = z.object({
  chapterId: z.coerce.number({ error: "chapterId is required" }).int("chapterId is required").min(1, "chapterId is required"),
  name: singleLine(
    z.string({ error: "Your name is required" }).trim().min(1, "Your name is required").max(100, "Your name must be at most 100 characters"),
    "Your name",
  ),
  email: emailSchema,
  message: multiLine(
    z
      .string({ error: "A message is required" })
      .trim()
      .min(1, "A message is required")
      .max(REVIVE_MESSAGE_MAX, `The message must be at most ${REVIVE_MESSAGE_MAX} characters`),
    "The message",
  ),
});
export type ReviveMessageInput = z.infer<typeof reviveMessageSchema>;

/**
 * Whom a hidden chapter's revive form writes to, as its page names them (never an address): the chapter's field
 * organizer, else the network.
 */
export interface ReviveContact {
  kind: "field_organizer" | "network";
  name: string;
}

/** The form's answer, carried back to the page (server/web/formResult.ts): sent, or why not with what was typed. */
export interface ReviveResult {
  chapterId: number;
  ok: boolean;
  /** Whom it went to, when sent. */
  sentTo?: string;
  /** The problem, when not sent. */
  message?: string;
  field?: string;
  /** What was typed, to fill the form in again after a problem. */
  typed?: { name: string; email: string; message: string };
}
