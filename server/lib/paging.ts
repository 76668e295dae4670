import type { Context } from "koa";
import { badRequest } from "../errors";
import { PAGE_LIMIT_MAX } from "../contracts/paging";

export interface Page {
  page: number;
  limit: number;
  offset: number;
  /** Whether the caller asked for a page (callers that did not keep their old default). */
  requested: boolean;
}

const MAX_PAGE = 1_000_000;

function wholeNumber(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  const message = `${name} must be a whole number from ${min} to ${max}`;
  if (typeof text !== "string" || !/^\d{1,7}$/.test(text)) throw badRequest(message, name);
  const n = Number(text);
  if (n < min || n > max) throw badRequest(message, name);
  return n;
}

/**
 * Reads `page` (from 0) and `limit` (1 to `maxLimit`, PAGE_LIMIT_MAX unless the list says otherwise; default
 * `defaultLimit`) from a query string; anything else is a 400 naming the parameter.
 */
export function readPage(query: Record<string, unknown>, defaultLimit: number, maxLimit = PAGE_LIMIT_MAX): Page {
  const page = wholeNumber(query.page, "page", 0, MAX_PAGE);
  const limit = wholeNumber(query.limit, "limit", 1, maxLimit) ?? defaultLimit;
  return { page: page ?? 0, limit, offset: (page ?? 0) * limit, requested: page !== undefined || query.limit !== undefined };
}

/** The page's rows of a query builder (Objection or Knex): offset and limit. */
export function pageOf<Q extends { offset(n: number): Q; limit(n: number): Q }>(query: Q, page: Page): Q {
  return query.offset(page.offset).limit(page.limit);
}

/**
 * Tells how many rows the whole list has (`X-Total-Count`) and, when rows follow this page, where the next page
 * is (`Link: <path?...&page=N&limit=M>; rel="next"`, RFC 8288, as GitHub's API does), keeping the request's other
 * parameters. `path` is the list's own path, so nothing of the request's path is echoed.
 */
export function setPageHeaders(ctx: Context, path: string, page: Page, total: number): void {
  ctx.set("X-Total-Count", String(total));
  if (page.offset + page.limit >= total) return;
  const next = new URLSearchParams(ctx.querystring);
  next.set("page", String(page.page + 1));
  next.set("limit", String(page.limit));
  ctx.set("Link", `<${path}?${next.toString()}>; rel="next"`);
}
