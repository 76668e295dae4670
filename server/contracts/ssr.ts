/** The element of a server-rendered page that holds the query cache the browser hydrates with (ui/api/serverState.ts). */
export const SSR_STATE_ID = "ssr-state";
