import { restoreColorMode } from "../lib/colorMode";
import { ISLANDS_ATTRIBUTE } from "../../server/contracts/ssr";

/**
 * The start of a public page the server rendered for an anonymous visitor (its #root carries ISLANDS_ATTRIBUTE):
 * once the browser has painted the page, its islands are hydrated (start.tsx). Built on its own
 * (scripts/build-ui.ts), so it holds only what the islands use; a platform that cannot start so (the desktop app,
 * which signs requests with its own token) loads the app, whose entry the attribute names.
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function start() {
  await afterPaint();
  restoreColorMode();
  const { startIslands } = await import("./start");
  if (await startIslands()) return;
  const app = document.getElementById("root")?.getAttribute(ISLANDS_ATTRIBUTE);
  if (app) await import(/* @vite-ignore */ app);
}

void start();
