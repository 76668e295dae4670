import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { SSR_LAZY_ATTRIBUTE, SSR_STATE_ID } from "../../server/contracts/ssr";
import { createQueryClient } from "./queryClient";
import { platform } from "../platform";
import { startHydrating } from "../lib/hydration";
import { serverStateText } from "../lib/serverRendered";

/**
 * The query cache the server rendered this page with, or undefined when the page was not rendered on the server.
 * Its answers count as fresh from now: the page was made with them a moment ago. A platform that signs requests
 * with its own token (the desktop app) renders afresh: the server rendered for the browser's cookie session.
 */
export function serverState(): QueryClient | undefined {
  const text = serverStateText();
  if (!text) return undefined;
  const state = JSON.parse(text) as DehydratedState;
  const now = Date.now();
  for (const q of state.queries) q.state.dataUpdatedAt = now;
  const client = createQueryClient();
  hydrate(client, state);
  startHydrating();
  return client;
}

/** The lazily loaded components the server rendered into this page (none when it did not render it). */
export function serverShownLazy(): string[] {
  if (platform.usesBearer) return [];
  return (document.getElementById(SSR_STATE_ID)?.getAttribute(SSR_LAZY_ATTRIBUTE) ?? "").split(" ").filter(Boolean);
}
