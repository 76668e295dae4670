import { MAX_MORE_PAGES, MORE_PAGES_PARAM } from "../../server/contracts/ssr";

/**
 * Load More on public pages without JavaScript: a paged list marked with this meta (its infinite query's options)
 * shows as many pages as the page's address asks for (`?page=3`), read when the server renders the page
 * (ui/entry-server.tsx). With JavaScript, Load More reads the next page in place, as before.
 */
export const MORE_PAGES_META = { morePages: true } as const;

export const isPagedByAddress = (meta: Record<string, unknown> | undefined): boolean => meta?.morePages === true;

/** The pages of a list an address (a path with its query, or a query alone) asks for: 1 to MAX_MORE_PAGES, 1 when unsaid. */
export function morePagesOf(location: string): number {
  const query = location.includes("?") ? location.slice(location.indexOf("?") + 1) : "";
  const n = Number(new URLSearchParams(query.split("#")[0]).get(MORE_PAGES_PARAM));
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_MORE_PAGES) : 1;
}

/**
 * The address of the same page with `pages` pages of its list, scrolled to the first of the new ones (`#{anchor}-{pages}`),
 * or null when an address may not ask for that many.
 */
export function morePagesHref(pathname: string, search: string, pages: number, anchor: string): string | null {
  if (pages > MAX_MORE_PAGES) return null;
  const params = new URLSearchParams(search);
  params.set(MORE_PAGES_PARAM, String(pages));
  return `${pathname}?${params.toString()}#${anchor}-${pages}`;
}

/** The id of the first item of the `index`th page (from 0) of a list, which a Load More link scrolls to; none on the first. */
export const pageAnchorId = (anchor: string, index: number): string | undefined => (index > 0 ? `${anchor}-${index + 1}` : undefined);
