import { COLOR_MODE_COOKIE, type ColorMode } from "../../server/contracts/colorMode";

/**
 * The reader's light or dark mode: the `dark` or `light` class on <html>. The server puts it there from the
 * ch_color_mode cookie on every page it sends; the toggle changes the class, the cookie (a year) and, for the
 * desktop app, whose pages come from no server, localStorage.
 */
const STORAGE_KEY = "chapterhouse.colorMode";
const listeners = new Set<() => void>();

export function currentColorMode(): ColorMode {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function showMode(mode: ColorMode) {
  const root = document.documentElement.classList;
  root.remove(mode === "dark" ? "light" : "dark");
  root.add(mode);
}

export function setColorMode(mode: ColorMode) {
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

/** At start: a page no server sent (the desktop app) takes the mode kept in localStorage. */
export function restoreColorMode() {
  const root = document.documentElement.classList;
  if (root.contains("dark") || root.contains("light")) return;
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(STORAGE_KEY);
  } catch {
    kept = null;
  }
  showMode(kept === "dark" ? "dark" : "light");
}

export function subscribeColorMode(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
