import { restoreColorMode } from "./lib/colorMode";
import { SSR_STATE_ID } from "../server/contracts/ssr";

/**
 * Starts the app. A public page the server rendered is complete as HTML and CSS when it arrives, so nothing of the
 * app is fetched before the browser has painted it (index.html preloads no module: its largest paint waits for no
 * script); then every start-up module is asked for at once (their fetches run side by side) and the app starts in
 * steps, each in a task of its own (React, the Chakra system, the screens, the first render as a transition that
 * React slices further), so the main thread is never blocked for long (Lighthouse's Total Blocking Time). The
 * public start-up JavaScript is these modules: scripts/startupBundle.ts weighs them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** After the browser has painted what it has: the next frame, then a task after it. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function start() {
  // A page the server rendered is complete as it arrives: let the browser paint it before the app is fetched.
  if (document.getElementById(SSR_STATE_ID)) await afterPaint();
  restoreColorMode();
  const reactDom = import("react-dom/client");
  const react = import("react");
  const theme = import("./theme");
  const app = Promise.all([import("./App"), import("./components/ServerAddressGate"), import("./api/serverState"), import("./lib/lazy")]);
  const [{ createRoot, hydrateRoot }, { StrictMode, startTransition, createElement }] = await Promise.all([reactDom, react]);
  await nextTask();
  const { initSystem } = await theme;
  await nextTask();
  initSystem();
  await nextTask();
  const [{ App }, { ServerAddressGate }, { serverState, serverShownLazy }, { preloadLazy }] = await app;
  // The lazily loaded parts the server rendered (a screen, the map) are loaded first, so hydration is one pass.
  await preloadLazy(serverShownLazy());
  await nextTask();
  const container = document.getElementById("root")!;
  // A public page the server rendered comes with the answers it read: hydrate it with them, asking for nothing again.
  const queryClient = serverState();
  const root = createElement(StrictMode, null, createElement(ServerAddressGate, null, createElement(App, { queryClient })));
  if (queryClient) {
    startTransition(() => {
      hydrateRoot(container, root);
    });
  } else {
    startTransition(() => createRoot(container).render(root));
  }
}

void start();
