import { browserPlatform } from "./browser";
import type { Platform } from "./types";

export type { AdminNotice, Platform, ServerAddressResult } from "./types";

declare global {
  interface Window {
    /** Set by electron/preload.ts through contextBridge in the desktop app. */
    chapterhouseDesktop?: Platform;
  }
}

/** The one place that knows web from desktop. */
export const platform: Platform = (typeof window !== "undefined" && window.chapterhouseDesktop) || browserPlatform;
