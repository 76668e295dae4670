import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The searchable chapter picker (ui/components/ChapterPicker): a combobox named by its label whose list of
 * matches ("Boston (MA)") opens as one types, and "No chapter" while nothing is typed.
 */
export class ChapterPicker {
  constructor(
    private readonly scope: Page | Locator,
    private readonly label: string | RegExp = "Chapter",
  ) {}

  input(): Locator {
    return this.scope.getByRole("combobox", { name: this.label });
  }

  list(): Locator {
    return this.scope.getByRole("listbox", { name: this.label });
  }

  option(name: string): Locator {
    return this.list().getByRole("option", { name, exact: true });
  }

  /** Types `search` and clicks the match named `option` ("Boston (MA)"); the picker then shows it. */
  async choose(search: string, option: string) {
    await this.input().fill(search);
    await this.option(option).click();
    await expect(this.list()).toHaveCount(0);
    await expect(this.input()).toHaveValue(option);
  }

  /** Opens the list with nothing typed and chooses "No chapter"; the picker is then empty. */
  async chooseNone() {
    await this.input().click();
    await this.input().fill("");
    await this.option("No chapter").click();
    await expect(this.input()).toHaveValue("");
  }

  /** The picker shows no chapter chosen. */
  async expectNone() {
    await expect(this.input()).toHaveValue("");
    await expect(this.input()).toHaveAttribute("placeholder", "No chapter");
  }

  /** The picker shows this chapter chosen ("Boston (MA)"). */
  async expectChosen(option: string) {
    await expect(this.input()).toHaveValue(option);
  }
}
