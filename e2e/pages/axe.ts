import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on a page, asked for its violations only: the passes and the checks it could not decide carry every node they
 * looked at, and building those took most of each run. What it finds wrong is the same.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
}
