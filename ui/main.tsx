import { restoreColorMode } from "./lib/colorMode";
import { SSR_STATE_ID } from "../server/contracts/ssr";

/**
 * Starts the app in steps, each in a task of its own (React, Chakra's modules, the Chakra system, the screens, the first
 * render as a transition that React slices further), so the main thread is never blocked for long
 * (Lighthouse's Total Blocking Time). The chunks are preloaded from index.html, so the steps add no
 * network round trips.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** After the browser has painted what it has: the next frame, then a task after it. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function start() {
  // A page the server rendered is complete as it arrives: let the browser paint it before the app starts.
  if (document.getElementById(SSR_STATE_ID)) await afterPaint();
  restoreColorMode();
  const [{ createRoot }, { StrictMode, startTransition, createElement }] = await Promise.all([import("react-dom/client"), import("react")]);
  await nextTask();
  const { initSystem } = await import("./theme");
  await nextTask();
  initSystem();
  await nextTask();
  const [{ App }, { ServerAddressGate }, { serverState, serverShownLazy }, { preloadLazy }] = await Promise.all([
    import("./App"),
    import("./components/ServerAddressGate"),
    import("./api/serverState"),
    import("./lib/lazy"),
  ]);
  // The lazily loaded parts the server rendered (a screen, the map) are loaded first, so hydration is one pass.
  await preloadLazy(serverShownLazy());
  await nextTask();
  const container = document.getElementById("root")!;
  // A public page the server rendered comes with the answers it read: hydrate it with them, asking for nothing again.
  const queryClient = serverState();
  const app = createElement(StrictMode, null, createElement(ServerAddressGate, null, createElement(App, { queryClient })));
  if (queryClient) {
    const { hydrateRoot } = await import("react-dom/client");
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    startTransition(() => createRoot(container).render(app));
  }
}

void start();
