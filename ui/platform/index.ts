import { browserPlatform } from "./browser";
import type { Platform } from "./types";

export type { Platform } from "./types";

declare global {
  /** Set by the server before it loads the UI to render public pages (server/web/ssr.ts). */
  var chapterhouseServerPlatform: Platform | undefined;
  interface Window {
    /** Set by electron/preload.ts through contextBridge in the desktop app. */
    chapterhouseDesktop?: Platform;
  }
}

/** The one place that knows web from desktop (and from the server rendering a public page). */
export const platform: Platform = (typeof window !== "undefined" ? window.chapterhouseDesktop : globalThis.chapterhouseServerPlatform) || browserPlatform;
