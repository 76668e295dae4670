/**
 * Paging of list endpoints, shared by server and UI. Every list endpoint takes `page` (from 0) and `limit`
 * (1 to PAGE_LIMIT_MAX; each endpoint has its own default). Lists answered as arrays stay arrays: a page shorter
 * than `limit` is the last (as the blog pages have always worked). No Node imports here.
 */
export const PAGE_LIMIT_MAX = 300;

/** Default page sizes: notes (chapter, user and host application notes), host applications, admin chapters. */
export const NOTES_PAGE_SIZE = 100;
export const HOST_APPLICATIONS_PAGE_SIZE = 100;
export const ADMIN_CHAPTERS_PAGE_SIZE = 100;

export interface PageParams {
  page?: number;
  limit?: number;
}

/** Query string for page/limit, e.g. "?page=2&limit=50"; empty when neither is set. */
export function pageQueryString(params: PageParams & Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : "";
}

/** Whether an array page was full, so another page may follow. */
export const mayHaveMore = (items: unknown[], limit: number): boolean => items.length >= limit;
