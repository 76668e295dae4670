import { createSystem, defaultConfig, defineConfig, type SystemContext } from "@chakra-ui/react";

/**
 * Links look like links: blue and underlined wherever they sit in text. Menus and the header opt out with
 * variant="plain".
 */
const config = defineConfig({
  theme: {
    recipes: {
      link: {
        base: { colorPalette: "blue" },
        variants: {
          variant: {
            underline: { color: "colorPalette.700", textDecorationColor: "currentColor" },
          },
        },
        defaultVariants: { variant: "underline" },
      },
    },
  },
});

/**
 * The Chakra system (tokens, recipes). Creating it is the single most expensive step of the first load, so
 * main.tsx runs it in a task of its own (after Chakra's modules are evaluated, before the app renders).
 */
let system: SystemContext | null = null;

/** The one system of the app, created on first use. */
export function initSystem(): SystemContext {
  system ??= createSystem(defaultConfig, config);
  return system;
}
