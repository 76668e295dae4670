import { expect, type Page } from "@playwright/test";
import { axe } from "./axe";

export type ColorMode = "light" | "dark";

export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** The header's colour mode toggle. */
export function colorModeToggle(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: "Dark mode" });
}

/**
 * Walks a list of screens in each colour mode and width, and collects what is wrong on each: axe's serious and
 * critical violations and, where asked, a page wider than the window.
 */
export class ScreenSweep {
  readonly problems: string[] = [];

  constructor(private readonly page: Page) {}

  /** The mode the pages arrive in: the toggle's cookie, which the server turns into the class on <html>. */
  async useMode(mode: ColorMode) {
    const url = new URL(this.page.url() === "about:blank" ? "http://localhost/" : this.page.url());
    await this.page.context().addCookies([{ name: "ch_color_mode", value: mode, domain: url.hostname, path: "/" }]);
  }

  /**
   * Opens a screen and waits until it has drawn what it loads (its heading, no spinner left), in the mode chosen
   * (the class on <html>), or with none chosen (null: the device's setting decides).
   */
  async open(path: string, mode: ColorMode | null) {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(this.page.locator(".chakra-spinner")).toHaveCount(0);
    if (mode) await expect(this.page.locator("html")).toHaveClass(mode);
    else await expect(this.page.locator("html")).not.toHaveClass(/light|dark/);
    // A rich text editor mounts after the screen (a chunk of its own) and hides its toolbar's icons as they appear.
    await expect(this.page.locator('[data-testid="rich-text-editor"] svg:not([aria-hidden])')).toHaveCount(0);
    await this.settled();
  }

  /** Once the screen has laid itself out for the window and its transitions are over (a button that was disabled while its data loaded fades in), so colours are measured as they end. */
  private async settled() {
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await this.page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
    );
  }

  /**
   * Each screen in each mode, opened once and checked at each width in turn: the window is resized, as a reader
   * turning a tablet or narrowing a window would, and the screen is measured once it has laid itself out again.
   */
  async check(paths: string[], opts: { modes?: ColorMode[]; widths?: (keyof typeof WIDTHS)[]; noSideways?: boolean } = {}) {
    for (const mode of opts.modes ?? (["light", "dark"] as const)) {
      await this.useMode(mode);
      const widths = opts.widths ?? (["desktop", "phone"] as const);
      for (const path of paths) {
        for (const [i, name] of widths.entries()) {
          const size = WIDTHS[name];
          await this.page.setViewportSize(size);
          if (i === 0) await this.open(path, mode);
          else await this.settled();
          const where = `${path} (${mode}, ${name})`;
          for (const v of await this.violations(["serious", "critical"])) this.problems.push(`${where}: ${v}`);
          if (opts.noSideways && size.width === WIDTHS.phone.width) {
            const { scrollWidth, clientWidth } = await this.page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              clientWidth: document.documentElement.clientWidth,
            }));
            if (scrollWidth > clientWidth) this.problems.push(`${where}: ${scrollWidth} px wide in ${clientWidth} px`);
          }
        }
      }
    }
    return this.problems;
  }

  /**
   * Each screen on a phone as a reader who has chosen no mode sees it (the device's light or dark setting, the
   * browser context's colorScheme), with every axe violation of any impact.
   */
  async checkAsTheDeviceShows(paths: string[]) {
    await this.page.setViewportSize(WIDTHS.phone);
    for (const path of paths) {
      await this.open(path, null);
      for (const v of await this.violations()) this.problems.push(`${path} (the device's mode, phone): ${v}`);
    }
    return this.problems;
  }

  /** axe's violations of the given impacts (all of them when none are given), with where they are. */
  private async violations(impacts?: string[]): Promise<string[]> {
    const results = await axe(this.page).analyze();
    return results.violations
      .filter((v) => !impacts || impacts.includes(v.impact ?? ""))
      .map(
        (v) =>
          `${v.id} (${v.impact}) at ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 4)
            .join(", ")}`,
      );
  }
}
