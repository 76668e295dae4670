import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig, type SystemContext } from "@chakra-ui/react";
import { animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, layerStyles, semanticTokens, textStyles, tokens } from "@chakra-ui/react/theme";
import { BRAND_SCALE, CHAPTER_TYPE_COLOURS, MAP_SURFACES } from "./lib/palette";
import { proseRecipe } from "./prose";

/**
 * The network's look. Screens use the semantic tokens below, never a raw palette colour (ui/screens/tokens.test.ts
 * greps for them):
 * - colour palettes for `colorPalette`: `brand` (actions, the header), `danger` (destructive actions, errors),
 *   `success`, `warning`, `neutral`, `accent` (badges that need a fourth hue), `info`;
 * - text: `fg` (Chakra's), `fg.muted` (secondary text), `link`, `danger.fg`, `success.fg`, `warning.fg`;
 * - surfaces: `bg`, `bg.muted` (the footer, code blocks), `header.bg`/`header.fg`, `border`;
 * - `chapterType.{name}.bg`/`.fg` for each chapter type (ui/lib/palette.ts, contrast-tested).
 * Every token has a light and a dark value: dark mode is the `dark` class on <html> (docs/decisions.md).
 */

/** A colour palette usable as `colorPalette`, made of an existing Chakra palette's semantic tokens. */
function paletteFrom(source: string) {
  const keys = ["solid", "contrast", "fg", "muted", "subtle", "emphasized", "focusRing"] as const;
  return Object.fromEntries(keys.map((k) => [k, { value: `{colors.${source}.${k}}` }]));
}

const brandScale = Object.fromEntries(Object.entries(BRAND_SCALE).map(([k, v]) => [k, { value: v }]));

const chapterTypeTokens = Object.fromEntries(
  Object.entries(CHAPTER_TYPE_COLOURS).map(([name, { light, dark }]) => [
    name,
    { bg: { value: { _light: light.bg, _dark: dark.bg } }, fg: { value: { _light: light.fg, _dark: dark.fg } } },
  ]),
);

const config = defineConfig({
  globalCss: {
    ".dark": { colorScheme: "dark" },
    ".light": { colorScheme: "light" },
  },
  theme: {
    tokens: { colors: { brand: brandScale } },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
          contrast: { value: { _light: "{colors.white}", _dark: "{colors.brand.950}" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.200}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.900}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.950}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.800}" } },
          focusRing: { value: { _light: "{colors.brand.600}", _dark: "{colors.brand.300}" } },
        },
        // A field's error text reads at 4.5:1 or more on the page in both modes (Chakra's red.500 is 3.8:1 on white).
        fg: { error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } } },
        danger: paletteFrom("red"),
        success: paletteFrom("green"),
        warning: paletteFrom("orange"),
        neutral: paletteFrom("gray"),
        accent: paletteFrom("purple"),
        info: paletteFrom("teal"),
        link: {
          DEFAULT: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.200}" } },
        },
        header: {
          bg: { value: { _light: "{colors.brand.800}", _dark: "{colors.brand.950}" } },
          fg: { value: { _light: "{colors.white}", _dark: "{colors.gray.50}" } },
          hover: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.900}" } },
        },
        chapterType: chapterTypeTokens,
        map: Object.fromEntries(Object.entries(MAP_SURFACES).map(([name, c]) => [name, { value: { _light: c.light, _dark: c.dark } }])),
      },
    },
    recipes: {
      // Links look like links: the link colour and underlined wherever they sit in text. Menus and the header opt
      // out with variant="plain".
      link: {
        variants: {
          variant: {
            underline: { color: "link", textDecoration: "underline", textDecorationColor: "currentColor", textUnderlineOffset: "0.15em" },
          },
        },
        defaultVariants: { variant: "underline" },
      },
      prose: proseRecipe,
    },
  },
});

/** The recipes of the Chakra components a build uses (ui/theme.ts: the app's; ui/islands/system.ts: the islands'). */
export interface ChakraRecipes {
  recipes: NonNullable<NonNullable<SystemConfig["theme"]>["recipes"]>;
  slotRecipes: NonNullable<NonNullable<SystemConfig["theme"]>["slotRecipes"]>;
}

/**
 * What a system writes into the page beside its components' classes: Chakra's reset, its global styles and its
 * keyframes. The app's system has them (ui/theme.ts); the islands' has none, as the server wrote them into <head>.
 */
export interface GlobalStyles {
  preflight: true;
  globalCss: SystemConfig["globalCss"];
  keyframes: NonNullable<SystemConfig["theme"]>["keyframes"];
}

/**
 * A Chakra system of the network's look with these recipes of Chakra's: the same tokens and recipes of our own
 * whichever they are, so a component renders the same classes in every system that has its recipe
 * (ui/islands/system.test.tsx holds the islands' system to the app's).
 */
export function systemWith({ recipes, slotRecipes }: ChakraRecipes, globals?: GlobalStyles): SystemContext {
  const chakraTheme = defineConfig({
    preflight: globals?.preflight ?? false,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: globals?.globalCss,
    theme: { breakpoints, keyframes: globals?.keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles, recipes, slotRecipes },
  });
  return createSystem(defaultBaseConfig, chakraTheme, globals ? config : { ...config, globalCss: undefined });
}
