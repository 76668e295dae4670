/**
 * Light or dark mode, chosen with the header's toggle and kept in a cookie, which the server reads to put the
 * `dark` class on <html> of every page it sends (no script decides it in the page: see docs/decisions.md).
 */
export type ColorMode = "light" | "dark";

export const COLOR_MODE_COOKIE = "ch_color_mode";

/** The mode a cookie value names; light for anything else (or none). */
export function colorModeOf(value: string | null | undefined): ColorMode {
  return value === "dark" ? "dark" : "light";
}

/** index.html with the mode's class on <html>. */
export function withColorMode(html: string, mode: ColorMode): string {
  return html.replace(/<html([^>]*)>/, (tag, attrs: string) => (/\sclass=/.test(attrs) ? tag : `<html${attrs} class="${mode}">`));
}
