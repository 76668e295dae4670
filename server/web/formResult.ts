import type { Context } from "koa";
import type { FormResult } from "../contracts/ssr";
import type { JoinListResult } from "../contracts/mailingList";
import type { SignInFormResult } from "../contracts/user";
import { RSVP_STATUSES, type RsvpFormResult } from "../contracts/rsvp";
import { allowSecure, type SessionOptions } from "../auth/session";

/**
 * The cookie that carries a plain form post's result (the mailing-list signup, the sign-in form) to the page it
 * returns to: the page shows it next to the form once, and is rendered for that visitor alone (not kept).
 */
export const FORM_RESULT_COOKIE = "ch_form";
const FORM_RESULT_MS = 5 * 60_000;
const MAX_TEXT = 500;

/** Only a path on this site: never another origin (`//host`, `/\host`) or a URL with a scheme. */
export function safeBackPath(back: unknown): string {
  if (typeof back !== "string" || !back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\") || back.length > 2000) return "/";
  return /[\u0000-\u001f]/.test(back) ? "/" : back;
}

export function setFormResult(ctx: Context, result: FormResult, opts: SessionOptions): void {
  allowSecure(ctx, opts);
  ctx.cookies.set(FORM_RESULT_COOKIE, Buffer.from(JSON.stringify(result)).toString("base64url"), {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secureCookies,
    maxAge: FORM_RESULT_MS,
    overwrite: true,
  });
}

const text = (v: unknown): string | undefined => (typeof v === "string" ? v.slice(0, MAX_TEXT) : undefined);

function joinResultOf(v: Partial<JoinListResult> | undefined): JoinListResult | null {
  if (!v || typeof v.listId !== "string" || typeof v.ok !== "boolean") return null;
  return { listId: v.listId, ok: v.ok, needsConfirmation: Boolean(v.needsConfirmation), message: text(v.message) };
}

function signInResultOf(v: Partial<SignInFormResult> | undefined): SignInFormResult | null {
  const email = text(v?.email);
  const message = text(v?.message);
  return email !== undefined && message ? { email, message } : null;
}

function rsvpResultOf(v: Partial<RsvpFormResult> | undefined): RsvpFormResult | null {
  if (!v || typeof v.eventSlug !== "string" || typeof v.date !== "string" || typeof v.ok !== "boolean") return null;
  const status = v.status === "pending" || RSVP_STATUSES.includes(v.status as never) ? v.status : undefined;
  return { eventSlug: text(v.eventSlug)!, date: text(v.date)!, ok: v.ok, status, message: text(v.message) };
}

/** The result of a plain form post for the page being rendered, once: the cookie is cleared as it is read. */
export function readFormResult(ctx: Context): FormResult | null {
  const raw = ctx.cookies.get(FORM_RESULT_COOKIE);
  if (!raw) return null;
  ctx.cookies.set(FORM_RESULT_COOKIE, null, { httpOnly: true, sameSite: "lax", overwrite: true });
  try {
    const v = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as {
      join?: Partial<JoinListResult>;
      signIn?: Partial<SignInFormResult>;
      rsvp?: Partial<RsvpFormResult>;
    };
    const rsvp = rsvpResultOf(v.rsvp);
    if (rsvp) return { rsvp };
    const join = joinResultOf(v.join);
    if (join) return { join };
    const signIn = signInResultOf(v.signIn);
    return signIn ? { signIn } : null;
  } catch {
    return null;
  }
}
