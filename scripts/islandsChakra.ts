/**
 * What the islands' build (scripts/build-ui.ts) changes in Chakra: its createSystem makes the system's global styles
 * as it starts (the reset, the global CSS and, the costliest part of making a system, the CSS of every token for
 * each colour mode), which the islands never insert: the server wrote them into the page's <head>, and the islands'
 * system has none (ui/islands/system.ts). Leaving that step out halves the work of the islands' longest task on a
 * phone. The app's build, the server and the tests use Chakra as it is.
 */
import type { Plugin } from "vite";

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBALS = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";

/** Chakra's system module without the making of its global styles; throws when the module is not as expected. */
export function systemWithoutGlobals(code: string): string {
  if (!code.includes(GLOBALS))
    throw new Error(`Chakra's styled-system/system.js no longer has "${GLOBALS}": check scripts/islandsChakra.ts against this Chakra`);
  return code.replace(GLOBALS, "const _global = [];");
}

export function islandsChakra(): Plugin {
  return {
    name: "islands-chakra-system-without-globals",
    transform(code, id) {
      return SYSTEM_MODULE.test(id) ? systemWithoutGlobals(code) : null;
    },
  };
}
