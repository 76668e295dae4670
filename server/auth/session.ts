import crypto from "node:crypto";
import type { Context, Next } from "koa";
import type { Knex } from "knex";
import jwt from "jsonwebtoken";
import { User } from "../models/User";
import { Session } from "../models/Session";
import { ApiError } from "../errors";
import { isPostgres } from "../db";
import { atMostEvery } from "../lib/atMostEvery";
import { viewerFromUser, type Viewer } from "../policies/viewer";

export const SESSION_COOKIE = "ch_session";
const CSRF_COOKIE = "ch_csrf";
const CSRF_HEADER = "x-csrf-token";
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** Expired sessions, and revoked ones after a day, are deleted now and then (at most this often per process). */
const PRUNE_EVERY_MS = 10 * 60_000;

interface SessionClaims {
  sub: string;
  sid: string;
  csrf: string;
  iat: number;
}

export interface SessionOptions {
  secret: string;
  secureCookies: boolean;
}

export interface IssuedToken {
  token: string;
  csrf: string;
}

const pruneSessions = atMostEvery(PRUNE_EVERY_MS, async () => {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await Session.query().where("expiresAt", "<", new Date().toISOString()).orWhere("revokedAt", "<", dayAgo).delete();
});

/**
 * Starts a session: a `sessions` row and the signed token naming it (same token as cookie or Bearer).
 * With `passwordHash` (the hash the password was just checked against) the session is only created if the
 * account still has that hash: a sign-in racing a password reset cannot outlive the reset. Null then.
 */
export async function issueToken(userId: number, secret: string, opts: { passwordHash?: string } = {}): Promise<IssuedToken | null> {
  const sid = crypto.randomBytes(24).toString("base64url");
  const csrf = crypto.randomBytes(18).toString("base64url");
  const created = await Session.transaction(async (trx) => {
    if (opts.passwordHash !== undefined) {
      // FOR SHARE waits for a reset that is changing the row, and makes a reset wait for this insert.
      const query = User.query(trx).findById(userId).select("passwordHash");
      if (isPostgres(trx)) query.forShare();
      const current = await query;
      if (current?.passwordHash !== opts.passwordHash) return false;
    }
    await Session.query(trx).insert({ sid, userId, expiresAt: new Date(Date.now() + SESSION_MS).toISOString(), revokedAt: null });
    return true;
  });
  if (!created) return null;
  await pruneSessions();
  const token = jwt.sign({ sid, csrf }, secret, { subject: String(userId), expiresIn: `${SESSION_DAYS}d`, algorithm: "HS256" });
  return { token, csrf };
}

/** Signing out: this session no longer counts, on any app process. */
export async function revokeSession(sid: string): Promise<void> {
  await Session.query().patch({ revokedAt: new Date().toISOString() }).where({ sid }).whereNull("revokedAt");
}

/** A password change: every session of the user ends, however recently it began. */
export async function revokeUserSessions(userId: number, trx?: Knex.Transaction): Promise<void> {
  await Session.query(trx).patch({ revokedAt: new Date().toISOString() }).where({ userId }).whereNull("revokedAt");
}

/** Behind a TLS-terminating proxy Koa sees http; a https PUBLIC_URL still means Secure cookies. */
export function allowSecure(ctx: Context, opts: SessionOptions) {
  if (opts.secureCookies) (ctx.cookies as unknown as { secure: boolean }).secure = true;
}

export function setSessionCookies(ctx: Context, issued: IssuedToken, opts: SessionOptions): void {
  allowSecure(ctx, opts);
  ctx.cookies.set(SESSION_COOKIE, issued.token, { httpOnly: true, sameSite: "lax", secure: opts.secureCookies, maxAge: SESSION_MS, overwrite: true });
  ctx.cookies.set(CSRF_COOKIE, issued.csrf, { httpOnly: false, sameSite: "lax", secure: opts.secureCookies, maxAge: SESSION_MS, overwrite: true });
}

export function clearSessionCookies(ctx: Context, opts: SessionOptions): void {
  allowSecure(ctx, opts);
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: "lax", secure: opts.secureCookies, overwrite: true });
  ctx.cookies.set(CSRF_COOKIE, null, { httpOnly: false, sameSite: "lax", secure: opts.secureCookies, overwrite: true });
}

function verify(token: string, secret: string): SessionClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ["HS256"] }) as SessionClaims;
    return typeof claims.sub === "string" && typeof claims.sid === "string" && typeof claims.csrf === "string" ? claims : null;
  } catch {
    return null;
  }
}

/** The session a well-signed token names, live or not (null for none, or a token this server did not sign). */
export function sessionIdOf(token: string | undefined, secret: string): string | null {
  return token ? (verify(token, secret)?.sid ?? null) : null;
}

/** The user of a live session (not revoked, not expired) with their permissions, in one query. */
async function loadSessionUser(userId: number, sid: string): Promise<User | undefined> {
  const live = Session.query()
    .where("sessions.sid", sid)
    .whereColumn("sessions.userId", "users.id")
    .whereNull("sessions.revokedAt")
    .where("sessions.expiresAt", ">", new Date().toISOString());
  const [user] = await User.query().withGraphJoined("permissions").where("users.id", userId).whereExists(live);
  return user;
}

/**
 * The user of the live session a session cookie names, or null (none, a token this server did not sign, an ended
 * session). For the forms posted without JavaScript, outside the API router: they check where the post comes from
 * instead of the X-CSRF-Token header (server/web/formPost.ts).
 */
export async function userOfSessionCookie(token: string | undefined, secret: string): Promise<User | null> {
  const claims = token ? verify(token, secret) : null;
  const userId = Number(claims?.sub);
  if (!claims || !Number.isSafeInteger(userId)) return null;
  return (await loadSessionUser(userId, claims.sid)) ?? null;
}

/** Whether a session token is well signed and names a live session: a cheap check, without loading the user. */
export async function isLiveSession(token: string, secret: string): Promise<boolean> {
  const claims = verify(token, secret);
  if (!claims || !Number.isSafeInteger(Number(claims.sub))) return false;
  const live = await Session.query()
    .where({ sid: claims.sid, userId: Number(claims.sub) })
    .whereNull("revokedAt")
    .where("expiresAt", ">", new Date().toISOString())
    .first();
  return Boolean(live);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Finds the caller: `Authorization: Bearer` (desktop app) or the session cookie (browser), whose signed
 * token must name a live row of `sessions`. Cookie-authenticated writes must echo the CSRF cookie in the
 * X-CSRF-Token header. Sets ctx.state.viewer (or null), sessionId and sessionVia. Never fails the request
 * for a bad, revoked or expired token: the caller is anonymous.
 */
export function sessionMiddleware(opts: SessionOptions) {
  return async (ctx: Context, next: Next) => {
    ctx.state.viewer = null as Viewer | null;
    const header = ctx.get("authorization");
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    const token = bearer ?? ctx.cookies.get(SESSION_COOKIE);
    const claims = token ? verify(token, opts.secret) : null;
    const userId = Number(claims?.sub);
    if (claims && Number.isSafeInteger(userId)) {
      const user = await loadSessionUser(userId, claims.sid);
      if (user) {
        if (!bearer && !SAFE_METHODS.has(ctx.method) && ctx.get(CSRF_HEADER) !== claims.csrf) {
          throw new ApiError(403, "csrf_failed", "Missing or wrong X-CSRF-Token header");
        }
        ctx.state.viewer = viewerFromUser(user);
        ctx.state.user = user;
        ctx.state.sessionId = claims.sid;
        ctx.state.sessionVia = bearer ? "bearer" : "cookie";
      }
    }
    await next();
  };
}
