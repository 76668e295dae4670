import type { Context } from "koa";
import { POSTED_FORMS, type FormResult, type PostedForm, type PostedFormName } from "../contracts/ssr";
import type { JoinListResult } from "../contracts/mailingList";
import type { SignInFormResult } from "../contracts/user";
import { REVIVE_MESSAGE_MAX, type ReviveResult } from "../contracts/chapterRevive";
import { RSVP_STATUSES, type RsvpFormResult } from "../contracts/rsvp";
import { allowSecure, type SessionOptions } from "../auth/session";

/**
 * The cookie that carries a plain form post's result (the mailing-list signup, the sign-in form, the account and
 * host application forms, a hidden chapter's revive form) to the page it returns to: the page shows it next to the
 * form once, and is rendered for that visitor alone (not kept).
 */
export const FORM_RESULT_COOKIE = "ch_form";
const FORM_RESULT_MS = 5 * 60_000;
const MAX_TEXT = 500;
/** A text typed into a posted form (a host application's reason) is kept up to this many characters... */
const MAX_VALUE = 2000;
/** ...and the longest is cut further until the cookie fits what every browser keeps (4 KB with its name). */
const MAX_COOKIE_CHARS = 3800;

/** Only a path on this site: never another origin (`//host`, `/\host`) or a URL with a scheme. */
export function safeBackPath(back: unknown): string {
  if (typeof back !== "string" || !back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\") || back.length > 2000) return "/";
  return /[\u0000-\u001f]/.test(back) ? "/" : back;
}

const encoded = (result: FormResult) => Buffer.from(JSON.stringify(result)).toString("base64url");

/** The cookie's value: a posted form's longest texts cut until it fits (never the message). */
function cookieValueOf(result: FormResult): string {
  let value = encoded(result);
  if (!("posted" in result)) return value;
  const values = { ...result.posted.values };
  while (value.length > MAX_COOKIE_CHARS) {
    const longest = Object.keys(values).sort((a, b) => values[b].length - values[a].length)[0];
    if (!longest || !values[longest]) break;
    values[longest] = values[longest].slice(0, Math.floor(values[longest].length * 0.8));
    value = encoded({ posted: { ...result.posted, values } });
  }
  return value;
}

export function setFormResult(ctx: Context, result: FormResult, opts: SessionOptions): void {
  allowSecure(ctx, opts);
  ctx.cookies.set(FORM_RESULT_COOKIE, cookieValueOf(result), {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secureCookies,
    maxAge: FORM_RESULT_MS,
    overwrite: true,
  });
}

const text = (v: unknown, max = MAX_TEXT): string | undefined => (typeof v === "string" ? v.slice(0, max) : undefined);

function joinResultOf(v: Partial<JoinListResult> | undefined): JoinListResult | null {
  if (!v || typeof v.listId !== "string" || typeof v.ok !== "boolean") return null;
  return { listId: v.listId, ok: v.ok, needsConfirmation: Boolean(v.needsConfirmation), message: text(v.message) };
}

function signInResultOf(v: Partial<SignInFormResult> | undefined): SignInFormResult | null {
  const email = text(v?.email);
  const message = text(v?.message);
  return email !== undefined && message ? { email, message } : null;
}

function postedResultOf(v: Partial<PostedForm> | undefined): PostedForm | null {
  if (!v || !POSTED_FORMS.includes(v.form as PostedFormName) || typeof v.done !== "boolean") return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(typeof v.values === "object" && v.values ? v.values : {}).slice(0, 10)) {
    const kept = text(value, MAX_VALUE);
    // Never a password, whatever the cookie says.
    if (kept !== undefined && !/password/i.test(name)) values[name.slice(0, 40)] = kept;
  }
  return { form: v.form as PostedFormName, done: v.done, result: text(v.result), message: text(v.message), values };
}

function reviveResultOf(v: Partial<ReviveResult> | undefined): ReviveResult | null {
  if (!v || typeof v.chapterId !== "number" || typeof v.ok !== "boolean") return null;
  const typed = v.typed && {
    name: text(v.typed.name) ?? "",
    email: text(v.typed.email) ?? "",
    message: typeof v.typed.message === "string" ? v.typed.message.slice(0, REVIVE_MESSAGE_MAX) : "",
  };
  return { chapterId: v.chapterId, ok: v.ok, sentTo: text(v.sentTo), message: text(v.message), field: text(v.field), typed };
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
      posted?: Partial<PostedForm>;
      revive?: Partial<ReviveResult>;
      rsvp?: Partial<RsvpFormResult>;
    };
    const rsvp = rsvpResultOf(v.rsvp);
    if (rsvp) return { rsvp };
    const join = joinResultOf(v.join);
    if (join) return { join };
    const revive = reviveResultOf(v.revive);
    if (revive) return { revive };
    const signIn = signInResultOf(v.signIn);
    if (signIn) return { signIn };
    const posted = postedResultOf(v.posted);
    return posted ? { posted } : null;
  } catch {
    return null;
  }
}
