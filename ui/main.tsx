/**
 * Starts the app in steps, each in a task of its own (React, Chakra's modules, the Chakra system, the screens, the first
 * render as a transition that React slices further), so the main thread is never blocked for long
 * (Lighthouse's Total Blocking Time). The chunks are preloaded from index.html, so the steps add no
 * network round trips.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const [{ createRoot }, { StrictMode, startTransition, createElement }] = await Promise.all([import("react-dom/client"), import("react")]);
  await nextTask();
  const { initSystem } = await import("./theme");
  await nextTask();
  initSystem();
  await nextTask();
  const [{ App }, { ServerAddressGate }] = await Promise.all([import("./App"), import("./components/ServerAddressGate")]);
  await nextTask();
  const root = createRoot(document.getElementById("root")!);
  startTransition(() => root.render(createElement(StrictMode, null, createElement(ServerAddressGate, null, createElement(App)))));
}

void start();
