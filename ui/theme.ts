import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  globalCss,
  keyframes,
} from "@chakra-ui/react/theme";
import type { SystemContext } from "@chakra-ui/react";
import { systemWith } from "./themeSystem";

/**
 * The recipes of the components the app uses, not all 76: the rest would be start-up
 * JavaScript and system-building work on every public page for nothing. ui/theme.test.ts fails when a screen
 * uses a Chakra component whose recipe is not listed here (it would render unstyled).
 */
const appRecipes = {
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
};

/**
 * The Chakra system (tokens, recipes). Creating it is the single most expensive step of the first load, so
 * main.tsx runs it in a task of its own (after Chakra's modules are evaluated, before the app renders).
 */
let system: SystemContext | null = null;

/** The one system of the app, created on first use. */
export function initSystem(): SystemContext {
  system ??= followTheDevice(systemWith(appRecipes, { preflight: true, globalCss, keyframes }));
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
