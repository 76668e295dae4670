import { restoreColorMode } from "../lib/colorMode";
import { ISLANDS_ATTRIBUTE } from "../../server/contracts/ssr";
import { serverStateText } from "../lib/serverRendered";
import { isPlainIslandName, plainIslands } from "./plain";
import { markPageReady } from "./ready";

/**
 * The start of a public page the server rendered for an anonymous visitor (its #root carries ISLANDS_ATTRIBUTE):
 * once the browser has painted the page, its plain islands are wired (plain.ts) and, where it has others, React
 * hydrates them (start.tsx); a page with plain islands only loads no React. Built on its own
 * (scripts/build-ui.ts), so it holds only what the islands use; a platform that cannot start so (the desktop app,
 * which signs requests with its own token) or a page without the server's state loads the app, whose entry the
 * attribute names.
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startApp() {
  const app = document.getElementById("root")?.getAttribute(ISLANDS_ATTRIBUTE);
  if (app) await import(/* @vite-ignore */ app);
}

async function start() {
  await afterPaint();
  restoreColorMode();
  // The app hydrates the same markup: wired by hand as well, a toggle would switch twice.
  if (!serverStateText()) return startApp();
  const places = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"));
  for (const place of places) {
    const name = place.dataset.island;
    if (isPlainIslandName(name)) plainIslands[name](place);
  }
  if (places.every((place) => isPlainIslandName(place.dataset.island))) return markPageReady();
  // The modules are fetched side by side and evaluated in tasks of their own (React DOM, then the islands' runtime
  // with Chakra), so no single task blocks the page for long.
  const runtime = import("./start");
  await import("react-dom/client");
  await nextTask();
  const { startIslands } = await runtime;
  await startIslands();
}

void start();
