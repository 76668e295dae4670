import type { Page } from "@playwright/test";
import { MapWidget } from "./MapWidget";

export class StatePage {
  readonly map: MapWidget;
  constructor(
    private readonly page: Page,
    stateName: string,
  ) {
    this.map = new MapWidget(page, `Map of chapters in ${stateName}`);
  }

  open(abbr: string) {
    return this.page.goto(`/chapters/${abbr}`);
  }

  chapterItems() {
    return this.page.getByTestId("state-chapters").locator("> li");
  }

  typeToggles() {
    return this.page.getByRole("group", { name: "Show chapter types" }).getByRole("button");
  }

  startChapterBox() {
    return this.page.getByTestId("start-chapter-box");
  }
}
