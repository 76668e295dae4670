import crypto from "node:crypto";
import type { Context, Next } from "koa";
import jwt from "jsonwebtoken";
import { User } from "../models/User";
import { ApiError } from "../errors";
import { viewerFromUser, type Viewer } from "../policies/viewer";

export const SESSION_COOKIE = "ch_session";
export const CSRF_COOKIE = "ch_csrf";
export const CSRF_HEADER = "x-csrf-token";
const SESSION_DAYS = 30;

interface SessionClaims {
  sub: string;
  csrf: string;
  iat: number;
}

export interface SessionOptions {
  secret: string;
  secureCookies: boolean;
}

/** A signed token naming the user; the same token works as cookie or as Bearer. */
export function issueToken(userId: number, secret: string): { token: string; csrf: string } {
  const csrf = crypto.randomBytes(18).toString("base64url");
  const token = jwt.sign({ csrf }, secret, { subject: String(userId), expiresIn: `${SESSION_DAYS}d`, algorithm: "HS256" });
  return { token, csrf };
}

/** Behind a TLS-terminating proxy Koa sees http; a https PUBLIC_URL still means Secure cookies. */
function allowSecure(ctx: Context, opts: SessionOptions) {
  if (opts.secureCookies) (ctx.cookies as unknown as { secure: boolean }).secure = true;
}

export function setSessionCookies(ctx: Context, userId: number, opts: SessionOptions): string {
  allowSecure(ctx, opts);
  const { token, csrf } = issueToken(userId, opts.secret);
  const maxAge = SESSION_DAYS * 24 * 3600 * 1000;
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: opts.secureCookies, maxAge, overwrite: true });
  ctx.cookies.set(CSRF_COOKIE, csrf, { httpOnly: false, sameSite: "lax", secure: opts.secureCookies, maxAge, overwrite: true });
  return token;
}

export function clearSessionCookies(ctx: Context, opts: SessionOptions): void {
  allowSecure(ctx, opts);
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: "lax", secure: opts.secureCookies, overwrite: true });
  ctx.cookies.set(CSRF_COOKIE, null, { httpOnly: false, sameSite: "lax", secure: opts.secureCookies, overwrite: true });
}

function verify(token: string, secret: string): SessionClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ["HS256"] }) as SessionClaims;
    return typeof claims.sub === "string" && typeof claims.csrf === "string" ? claims : null;
  } catch {
    return null;
  }
}

export async function loadUserWithPermissions(id: number): Promise<User | undefined> {
  return User.query().findById(id).withGraphFetched("permissions");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Finds the caller: `Authorization: Bearer` (desktop app) or the session cookie (browser).
 * Cookie-authenticated writes must echo the CSRF cookie in the X-CSRF-Token header.
 * Sets ctx.state.viewer (or null). Never fails the request for a bad token: the caller is anonymous.
 */
export function sessionMiddleware(opts: SessionOptions) {
  return async (ctx: Context, next: Next) => {
    ctx.state.viewer = null as Viewer | null;
    const header = ctx.get("authorization");
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    const token = bearer ?? ctx.cookies.get(SESSION_COOKIE);
    const claims = token ? verify(token, opts.secret) : null;
    if (claims) {
      const user = await loadUserWithPermissions(Number(claims.sub));
      const changedAt = user?.passwordChangedAt ? Math.floor(Date.parse(user.passwordChangedAt) / 1000) : 0;
      if (user && claims.iat >= changedAt) {
        if (!bearer && !SAFE_METHODS.has(ctx.method) && ctx.get(CSRF_HEADER) !== claims.csrf) {
          throw new ApiError(403, "csrf_failed", "Missing or wrong X-CSRF-Token header");
        }
        ctx.state.viewer = viewerFromUser(user);
        ctx.state.user = user;
      }
    }
    await next();
  };
}
