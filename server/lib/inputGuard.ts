import type { Context, Next } from "koa";
import { badRequest } from "../errors";

/**
 * No text we accept may hold a NUL character: Postgres cannot store one (every query with one failed with a
 * 500), and nothing a person types contains one. Refused with a 400 before any route runs, on both databases.
 */
export const NUL_MESSAGE = "Text may not contain NUL characters";

const hasNul = (s: string) => s.includes("\u0000");
const hasEncodedNul = (s: string) => /%00/i.test(s) || hasNul(s);

/**
 * Where the first NUL is in a parsed value (object keys included): "" for the value itself, "links.0.title"
 * for a nested one, null when there is none. Walks without recursion, so any nesting depth is fine.
 */
export function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (hasNul(v)) return path;
    } else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (hasNul(key)) return at;
        stack.push({ value: child, path: at });
      }
    }
  }
  return null;
}

/** Throws the 400 naming the field when a parsed value (a body, a query, multipart fields) holds a NUL. */
export function refuseNul(value: unknown): void {
  const field = findNul(value);
  if (field === null) return;
  throw badRequest(field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, field || undefined);
}

/** App-wide, ahead of every router: a NUL (raw or %00) in the path or the query string is a 400. */
export function refuseNulInUrl() {
  return async (ctx: Context, next: Next) => {
    if (hasEncodedNul(ctx.path)) throw badRequest(NUL_MESSAGE);
    if (hasEncodedNul(ctx.querystring)) {
      refuseNul(ctx.query);
      throw badRequest(NUL_MESSAGE);
    }
    await next();
  };
}

/** After the body parser: a NUL in any string or key of the body (JSON, form or text) is a 400 naming the field. */
export function refuseNulInBody() {
  return async (ctx: Context, next: Next) => {
    refuseNul((ctx.request as { body?: unknown }).body);
    await next();
  };
}
