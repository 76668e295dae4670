import { COLOR_MODE_COOKIE, type ColorMode } from "../../server/contracts/colorMode";

/**
 * The reader's light or dark mode: the `dark` or `light` class on <html> when they chose one (the server puts it
 * there from the ch_color_mode cookie on every page it sends), else the device's setting (prefers-color-scheme),
 * which the stylesheet follows by itself (ui/theme.ts). The toggle changes the class, the cookie (a year) and, for
 * the desktop app, whose pages come from no server, localStorage.
 */
const STORAGE_KEY = "chapterhouse.colorMode";
const DEVICE_DARK = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

const deviceDark = () => typeof window.matchMedia === "function" && window.matchMedia(DEVICE_DARK).matches;

export function currentColorMode(): ColorMode {
  const root = document.documentElement.classList;
  if (root.contains("dark")) return "dark";
  if (root.contains("light")) return "light";
  return deviceDark() ? "dark" : "light";
}

function showMode(mode: ColorMode) {
  const root = document.documentElement.classList;
  root.remove(mode === "dark" ? "light" : "dark");
  root.add(mode);
}

function setColorMode(mode: ColorMode) {
  showMode(mode);
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COLOR_MODE_COOKIE}=${mode}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Storage may be off; the cookie still keeps the choice in the browser.
  }
  listeners.forEach((l) => l());
}

/** The header's toggle: the other mode than the one the page shows. */
export function toggleColorMode() {
  setColorMode(currentColorMode() === "dark" ? "light" : "dark");
}

/** At start: a page no server sent (the desktop app) takes the mode kept in localStorage, if one was chosen. */
export function restoreColorMode() {
  const root = document.documentElement.classList;
  if (root.contains("dark") || root.contains("light")) return;
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(STORAGE_KEY);
  } catch {
    kept = null;
  }
  if (kept === "dark" || kept === "light") showMode(kept);
}

/** Told when the mode changes: by the toggle, or by the device while no mode is chosen. */
export function subscribeColorMode(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DEVICE_DARK) : null;
  media?.addEventListener("change", listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener("change", listener);
  };
}
