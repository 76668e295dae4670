import type { Context } from "koa";
import { z } from "zod";
import { notFound } from "../errors";
import { emailSchema } from "../lib/validate";
import { chapterPolicy } from "../policies/chapter";
import type { Viewer } from "../policies/viewer";
import { chapterForListId } from "./contacts";
import { signUpToList } from "../commands/mailingList";
import { listSignupsNeedConfirmation, requestListConfirmation } from "../commands/listConfirmation";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import type { SignUpResponse } from "../contracts/mailingList";
import type { Services } from "../services";

export const listIdField = z
  .union([z.string(), z.number()], { error: "listId is required" })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0, "listId is required");

export const signUpSchema = z.object({ email: emailSchema, listId: listIdField });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The list answer shape of the spec: return.results[0] with isError and errorString. */
export const okResult = (extra: { email?: string; needsConfirmation?: boolean } = {}): SignUpResponse => ({
  return: { results: [{ isError: false, errorString: "", ...extra }] },
});

/**
 * A visitor joins a chapter's list: the same rules whether the widget posts JSON or the page's plain form is
 * posted without JavaScript (server/web/joinList.ts). Throws the standard errors (400, 404, 429).
 */
export async function publicSignUp(ctx: Context, s: Services, input: SignUpInput, viewer: Viewer | null): Promise<SignUpResponse> {
  await enforceLimit(ctx, {
    bucket: bucketFor("list-signup", ctx.ip),
    limit: s.config.rateLimits.listSignup,
    message: (wait) => `Too many sign-ups from your address. Please try again in ${wait}.`,
  });
  const { chapter } = await chapterForListId(s, input.listId);
  // A hidden chapter's list answers like one that does not exist, so list ids cannot be probed.
  if (!chapterPolicy.joinList(viewer, chapter)) throw notFound("Mailing list");
  if (await listSignupsNeedConfirmation()) {
    await enforceLimit(ctx, {
      bucket: bucketFor("list-confirmation", input.email),
      limit: s.config.rateLimits.listConfirmationPerEmail,
      message: (wait) => `Too many sign-ups for this email address. Please try again in ${wait}.`,
    });
    await requestListConfirmation(s, chapter, input.email);
    return okResult({ needsConfirmation: true });
  }
  await signUpToList(s, chapter, input.email, viewer);
  return okResult();
}
