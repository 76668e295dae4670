import { Box, IconButton } from "@chakra-ui/react";
import { useSyncExternalStore } from "react";
import { FaMoon, FaSun } from "react-icons/fa";
import type { ColorMode } from "../../server/contracts/colorMode";
import { currentColorMode, setColorMode, subscribeColorMode } from "../lib/colorMode";

/**
 * The mode as the page shows it. While a server-rendered page hydrates it is light, as on the server (which renders
 * without the reader's cookie); what the server's markup draws per mode must therefore follow the class on <html>
 * through CSS (`_dark`), not this value.
 */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribeColorMode, currentColorMode, () => "light" as const);
}

/** Dark because the device is, while the reader has chosen no mode (no class on <html>). */
const DEVICE_DARK = "@media (prefers-color-scheme: dark)";
const UNCHOSEN = "html:not(.light) &";

/**
 * Dark mode on or off, for every page. The icon follows the class on <html> through CSS, so the server's markup
 * and the hydrated one are the same; aria-pressed follows useColorMode().
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
      onClick={() => setColorMode(dark ? "light" : "dark")}
    >
      <Box as={FaMoon} _dark={{ display: "none" }} css={{ [DEVICE_DARK]: { [UNCHOSEN]: { display: "none" } } }} aria-hidden="true" />
      <Box as={FaSun} display="none" _dark={{ display: "inline" }} css={{ [DEVICE_DARK]: { [UNCHOSEN]: { display: "inline" } } }} aria-hidden="true" />
    </IconButton>
  );
}
