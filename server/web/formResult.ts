import type { Context } from "koa";
import type { FormResult } from "../contracts/ssr";
import type { JoinListResult } from "../contracts/mailingList";
import type { SignInFormResult } from "../contracts/user";
import { REVIVE_MESSAGE_MAX, type ReviveResult } from "../contracts/chapterRevive";
import { allowSecure, type SessionOptions } from "../auth/session";

/**
 * The cookie that carries a plain form post's result (the mailing-list signup, the sign-in form, a hidden chapter's
 * revive form) to the page it
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

function reviveResultOf(v: Partial<ReviveResult> | undefined): ReviveResult | null {
  if (!v || typeof v.chapterId !== "number" || typeof v.ok !== "boolean") return null;
  const typed = v.typed && {
    name: text(v.typed.name) ?? "",
    email: text(v.typed.email) ?? "",
    message: typeof v.typed.message === "string" ? v.typed.message.slice(0, REVIVE_MESSAGE_MAX) : "",
  };
  return { chapterId: v.chapterId, ok: v.ok, sentTo: text(v.sentTo), message: text(v.message), field: text(v.field), typed };
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
      revive?: Partial<ReviveResult>;
    };
    const join = joinResultOf(v.join);
    if (join) return { join };
    const revive = reviveResultOf(v.revive);
    if (revive) return { revive };
    const signIn = signInResultOf(v.signIn);
    return signIn ? { signIn } : null;
  } catch {
    return null;
  }
}
