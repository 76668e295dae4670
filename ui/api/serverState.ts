import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { SSR_STATE_ID } from "../../server/contracts/ssr";
import { createQueryClient } from "./queryClient";

/**
 * The query cache the server rendered this page with, or undefined when the page was not rendered on the server.
 * Its answers count as fresh from now: the page was made with them a moment ago.
 */
export function serverState(): QueryClient | undefined {
  const el = document.getElementById(SSR_STATE_ID);
  if (!el?.textContent) return undefined;
  const state = JSON.parse(el.textContent) as DehydratedState;
  const now = Date.now();
  for (const q of state.queries) q.state.dataUpdatedAt = now;
  const client = createQueryClient();
  hydrate(client, state);
  return client;
}
