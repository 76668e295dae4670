import { Box, IconButton } from "@chakra-ui/react";
import { useSyncExternalStore, type SVGProps } from "react";
import type { ColorMode } from "../../server/contracts/colorMode";
import { currentColorMode, subscribeColorMode, toggleColorMode } from "../lib/colorMode";

/**
 * The mode as the page shows it. While a server-rendered page hydrates it is light, as on the server (which renders
 * without the reader's cookie); what the server's markup draws per mode must therefore follow the class on <html>
 * through CSS (`_dark`), not this value.
 */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribeColorMode, currentColorMode, () => "light" as const);
}

/**
 * Font Awesome's moon and sun, drawn here: the header is on every page, and react-icons' Font Awesome module (every
 * icon the app uses, in one chunk) is no part of a public page's start-up JavaScript.
 */
function Glyph({ d, ...props }: { d: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg stroke="currentColor" fill="currentColor" strokeWidth="0" viewBox="0 0 512 512" height="1em" width="1em" xmlns="http://www.w3.org/2000/svg" {...props}>
      <path d={d} />
    </svg>
  );
}
const Moon = (props: SVGProps<SVGSVGElement>) => (
  <Glyph
    d="M283.211 512c78.962 0 151.079-35.925 198.857-94.792 7.068-8.708-.639-21.43-11.562-19.35-124.203 23.654-238.262-71.576-238.262-196.954 0-72.222 38.662-138.635 101.498-174.394 9.686-5.512 7.25-20.197-3.756-22.23A258.156 258.156 0 0 0 283.211 0c-141.309 0-256 114.511-256 256 0 141.309 114.511 256 256 256z"
    {...props}
  />
);
const Sun = (props: SVGProps<SVGSVGElement>) => (
  <Glyph
    d="M256 160c-52.9 0-96 43.1-96 96s43.1 96 96 96 96-43.1 96-96-43.1-96-96-96zm246.4 80.5l-94.7-47.3 33.5-100.4c4.5-13.6-8.4-26.5-21.9-21.9l-100.4 33.5-47.4-94.8c-6.4-12.8-24.6-12.8-31 0l-47.3 94.7L92.7 70.8c-13.6-4.5-26.5 8.4-21.9 21.9l33.5 100.4-94.7 47.4c-12.8 6.4-12.8 24.6 0 31l94.7 47.3-33.5 100.5c-4.5 13.6 8.4 26.5 21.9 21.9l100.4-33.5 47.3 94.7c6.4 12.8 24.6 12.8 31 0l47.3-94.7 100.4 33.5c13.6 4.5 26.5-8.4 21.9-21.9l-33.5-100.4 94.7-47.3c13-6.5 13-24.7.2-31.1zm-155.9 106c-49.9 49.9-131.1 49.9-181 0-49.9-49.9-49.9-131.1 0-181 49.9-49.9 131.1-49.9 181 0 49.9 49.9 49.9 131.1 0 181z"
    {...props}
  />
);

/** Dark because the device is, while the reader has chosen no mode (no class on <html>). */
const DEVICE_DARK = "@media (prefers-color-scheme: dark)";
const UNCHOSEN = "html:not(.light) &";

/**
 * Dark mode on or off, for every page. The icon follows the class on <html> through CSS, so the server's markup
 * and the hydrated one are the same; aria-pressed follows useColorMode(). On a page that starts by its islands, the
 * server's markup of it is wired by ui/islands/plain.ts instead.
 */
export function ColorModeToggle() {
  const dark = useColorMode() === "dark";
  return (
    <IconButton
      aria-label="Dark mode"
      aria-pressed={dark}
      size="sm"
      variant="ghost"
      color="header.fg"
      _hover={{ bg: "header.hover" }}
      onClick={toggleColorMode}
    >
      <Box as={Moon} _dark={{ display: "none" }} css={{ [DEVICE_DARK]: { [UNCHOSEN]: { display: "none" } } }} aria-hidden="true" />
      <Box as={Sun} display="none" _dark={{ display: "inline" }} css={{ [DEVICE_DARK]: { [UNCHOSEN]: { display: "inline" } } }} aria-hidden="true" />
    </IconButton>
  );
}
