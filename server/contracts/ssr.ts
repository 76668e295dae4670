/** The element of a server-rendered page that holds the query cache the browser hydrates with (ui/api/serverState.ts). */
export const SSR_STATE_ID = "ssr-state";
/** The attribute of that element naming the lazily loaded components the page shows (loaded before hydrating). */
export const SSR_LAZY_ATTRIBUTE = "data-lazy";
/**
 * The query parameters that public pages read. A page is rendered for, and kept under, its path and these
 * alone: any other parameter (`?utm_source=x`) changes nothing on the page (server/web/indexPage.ts).
 */
export const PAGE_QUERY_PARAMS: readonly string[] = ["place"];
