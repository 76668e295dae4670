import { describe, expect, it } from "vitest";
import { initSystem } from "./theme";
import { chakraNamesUsed, recipesMissingFrom } from "./test/chakraRecipes";

describe("the theme's Chakra recipes", () => {
  it("include the recipe of every Chakra component the UI uses, so none renders unstyled", () => {
    const used = chakraNamesUsed();
    expect(used.has("Button")).toBe(true);
    expect(recipesMissingFrom(initSystem(), used)).toEqual([]);
  });

  it("leave out recipes no component of the UI uses", () => {
    const system = initSystem();
    expect(system.isSlotRecipe("accordion")).toBe(false);
    expect(system.isSlotRecipe("datePicker")).toBe(false);
    expect(system.isRecipe("button")).toBe(true);
    expect(system.isRecipe("prose")).toBe(true);
  });
});

describe("dark mode follows the device until the reader chooses", () => {
  it("repeats every dark token value for <html> without the light class under prefers-color-scheme: dark", () => {
    const system = initSystem();
    const layer = Object.values(system.getTokenCss() as Record<string, Record<string, Record<string, string>>>)[0];
    const chosenDark = Object.entries(layer).find(([selector]) => selector.startsWith(".dark"))![1];
    const device = system._global
      .map((g) => Object.values(g as Record<string, Record<string, Record<string, Record<string, string>>>>)[0])
      .find((inner) => inner && "@media (prefers-color-scheme: dark)" in inner)!;
    const deviceDark = device["@media (prefers-color-scheme: dark)"][":root:not(.light)"];
    expect(Object.keys(chosenDark).length).toBeGreaterThan(100);
    expect(deviceDark).toEqual({ ...chosenDark, colorScheme: "dark" });
    expect(deviceDark["--chakra-colors-bg"]).not.toBe((layer["&:where(html, .chakra-theme)"] ?? {})["--chakra-colors-bg"]);
  });
});
