import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";
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

/**
 * Chakra's own theme with the recipes of the components the app uses, not all 76: the rest would be start-up
 * JavaScript and system-building work on every public page for nothing. ui/theme.test.ts fails when a screen
 * uses a Chakra component whose recipe is not listed here (it would render unstyled).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

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

/**
 * The Chakra system (tokens, recipes). Creating it is the single most expensive step of the first load, so
 * main.tsx runs it in a task of its own (after Chakra's modules are evaluated, before the app renders).
 */
let system: SystemContext | null = null;

/** The one system of the app, created on first use. */
export function initSystem(): SystemContext {
  system ??= followTheDevice(createSystem(defaultBaseConfig, chakraTheme, config));
  return system;
}

/**
 * Until the reader chooses a mode (no `light` or `dark` class on <html>), the device's setting decides, in CSS from
 * the first paint: every semantic token's dark value again, for `:root:not(.light)` under
 * `@media (prefers-color-scheme: dark)`, beside the global styles Chakra writes (`_global`) for the `.dark` class.
 */
function followTheDevice(created: SystemContext): SystemContext {
  // The token CSS createSystem made for the global styles (the "tokens" layer): computing it again would double the
  // most expensive part of the first load.
  const tokensLayer = Object.keys(created.layers.wrap("tokens", {}))[0];
  const made = created._global.find((g) => Object.keys(g as object)[0] === tokensLayer);
  const tokenCss = (made ?? created.getTokenCss()) as Record<string, Record<string, Record<string, string>>>;
  const layer = Object.values(tokenCss)[0] ?? {};
  const dark = Object.entries(layer).find(([selector]) => selector.startsWith(".dark"))?.[1];
  if (!dark) return created;
  created._global.push(created.layers.wrap("tokens", { "@media (prefers-color-scheme: dark)": { ":root:not(.light)": { ...dark, colorScheme: "dark" } } }));
  return created;
}
