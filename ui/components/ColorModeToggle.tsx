import { Box, IconButton } from "@chakra-ui/react";
import { FaMoon, FaSun } from "react-icons/fa";
import { setColorMode, useColorMode } from "../lib/colorMode";

/**
 * Dark mode on or off, for every page. The icon follows the class on <html> through CSS, so the server's markup
 * and the hydrated one are the same; aria-pressed follows useColorMode().
 */
export function ColorModeToggle() {
  const dark = useColorMode() === "dark";
  return (
    <IconButton aria-label="Dark mode" aria-pressed={dark} size="sm" variant="ghost" color="header.fg" _hover={{ bg: "header.hover" }} onClick={() => setColorMode(dark ? "light" : "dark")}>
      <Box as={FaMoon} _dark={{ display: "none" }} aria-hidden="true" />
      <Box as={FaSun} display="none" _dark={{ display: "inline" }} aria-hidden="true" />
    </IconButton>
  );
}
