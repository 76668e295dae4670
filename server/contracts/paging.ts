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

/**
 * The chapter lists (GET /api/chapters, /api/chapters/active, /api/chapters/state/{state}, /api/chapters/my): a
 * page is 500 rows by default and at most. A network the size of the spec's (267 chapters; the benchmark's 330)
 * is one page, the whole list as it always was; at 10,000 chapters an active chapter with its upcoming events
 * is about 1.1 kB (1.8 kB at most), so a page stays near half a megabyte, under 1 MB. Every answer carries
 * X-Total-Count and, when more rows follow, a Link to the next page.
 */
export const CHAPTER_LIST_PAGE_SIZE = 500;
export const CHAPTER_LIST_LIMIT_MAX = 500;
/** How many matches the chapter picker shows (GET /api/chapters?q=...&limit=20). */
export const CHAPTER_PICKER_LIMIT = 20;

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
