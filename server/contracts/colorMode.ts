/**
 * Light or dark mode. Without a choice a page follows the device (CSS `prefers-color-scheme`, from the first paint:
 * ui/theme.ts); the header's toggle chooses one and keeps it in a cookie, which the server reads to put the `dark` or
 * `light` class on <html> of every page it sends (no script decides it in the page: see docs/decisions.md).
 */
export type ColorMode = "light" | "dark";

/** What the reader chose: a mode, or none yet ("system": the device's setting). */
export type ColorModeChoice = ColorMode | "system";

export const COLOR_MODE_COOKIE = "ch_color_mode";

/** The choice a cookie value names; "system" for anything else (or none). */
export function colorModeOf(value: string | null | undefined): ColorModeChoice {
  return value === "dark" || value === "light" ? value : "system";
}

/** index.html with the chosen mode's class on <html> (none when the device decides). */
export function withColorMode(html: string, mode: ColorModeChoice): string {
  if (mode === "system") return html;
  return html.replace(/<html([^>]*)>/, (tag, attrs: string) => (/\sclass=/.test(attrs) ? tag : `<html${attrs} class="${mode}">`));
}
