import { StrictMode, startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { CacheProvider } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { serverState } from "../api/serverState";
import { CurrentUserProvider } from "../auth/CurrentUser";
import { markHydrated } from "../lib/hydration";
import { createEmotionCache } from "../lib/emotionCache";
import { islandSystem } from "./system";
import { isHydratedIslandName, islandLoaders } from "./registry";
import { markPageReady } from "./ready";

interface Frame {
  client: QueryClient;
  styles: EmotionCache;
  system: SystemContext;
}

/**
 * What an island's components find around them in the app: the caches, the theme, the signed-in user. Their links
 * and searches load pages (pageRouter.tsx stands in for react-router in the islands' build).
 */
function IslandFrame({ frame, onHydrated, children }: { frame: Frame; onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return (
    <StrictMode>
      <CacheProvider value={frame.styles}>
        <ChakraProvider value={frame.system}>
          <QueryClientProvider client={frame.client}>
            <CurrentUserProvider>{children}</CurrentUserProvider>
          </QueryClientProvider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts a public page the server rendered for an anonymous visitor: hydrates its islands (ui/islands/Island.tsx),
 * each a root of its own with the props the server rendered it with, from the answers the server read; the rest of
 * the page is HTML and CSS. Each step is a task of its own (the answers, the Chakra system, each island's first
 * render as a transition that React slices further), so the main thread is never blocked for long. The islands'
 * entry starts it on a page that has the server's state and an island React hydrates.
 */
export async function startIslands(): Promise<void> {
  const places = Array.from(document.querySelectorAll<HTMLElement>("[data-island]")).flatMap((el) => {
    const name = el.dataset.island;
    return isHydratedIslandName(name) ? [{ el, name }] : [];
  });
  // The islands' modules are fetched while the rest starts.
  const parts = Promise.all(places.map(({ name }) => islandLoaders[name]()));
  const client = serverState();
  if (!client) return;
  await nextTask();
  const frame: Frame = { client, styles: createEmotionCache(), system: islandSystem() };
  const loaded = await parts;
  await nextTask();
  let waiting = places.length;
  const hydrated = () => {
    if (--waiting > 0) return;
    markHydrated();
    markPageReady();
  };
  for (const [i, { el }] of places.entries()) {
    const Part = loaded[i] as ComponentType<object>;
    let done = false;
    const once = () => {
      if (!done) hydrated();
      done = true;
    };
    const props = JSON.parse(el.dataset.islandProps ?? "{}") as object;
    startTransition(() => {
      hydrateRoot(
        el,
        <IslandFrame frame={frame} onHydrated={once}>
          <Part {...props} />
        </IslandFrame>,
      );
    });
    await nextTask();
  }
}
