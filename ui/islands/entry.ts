import { restoreColorMode } from "../lib/colorMode";
import { ISLANDS_ATTRIBUTE } from "../../server/contracts/ssr";

/**
 * The start of a public page the server rendered for an anonymous visitor (its #root carries ISLANDS_ATTRIBUTE):
 * once the browser has painted the page, its islands are hydrated (start.tsx). Built on its own
 * (scripts/build-ui.ts), so it holds only what the islands use; a platform that cannot start so (the desktop app,
 * which signs requests with its own token) loads the app, whose entry the attribute names.
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await afterPaint();
  restoreColorMode();
  // The modules are fetched side by side and evaluated in tasks of their own (React DOM, then the islands' runtime
  // with Chakra), so no single task blocks the page for long.
  const runtime = import("./start");
  await import("react-dom/client");
  await nextTask();
  const { startIslands } = await runtime;
  if (await startIslands()) return;
  const app = document.getElementById("root")?.getAttribute(ISLANDS_ATTRIBUTE);
  if (app) await import(/* @vite-ignore */ app);
}

void start();
