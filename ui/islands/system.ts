import type { SystemContext } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  containerRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  spinnerRecipe,
} from "@chakra-ui/react/theme";
import { systemWith } from "../themeSystem";

/**
 * The recipes of the Chakra components the islands use (ui/islands/system.test.ts fails when an island uses one
 * whose recipe is not listed): the same recipes as the app's (ui/theme.ts), so an island renders the classes the
 * server rendered it with, without the others' JavaScript.
 */
const islandRecipes = {
  recipes: {
    badge: badgeRecipe,
    button: buttonRecipe,
    container: containerRecipe,
    heading: headingRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    link: linkRecipe,
    spinner: spinnerRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    field: fieldSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
  },
};

/**
 * The islands' Chakra system, without global styles (no reset, no keyframes, no token variables or layer order for
 * its provider to insert): the page's <head> holds them as the server wrote them, and a provider per island would
 * otherwise insert them again for each one.
 */
export function islandSystem(): SystemContext {
  const system = systemWith(islandRecipes);
  return { ...system, _global: [], layers: { ...system.layers, atRule: "" } };
}
