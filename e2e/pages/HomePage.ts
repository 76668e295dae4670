import type { Page } from "@playwright/test";
import { MapWidget } from "./MapWidget";

export class HomePage {
  readonly map: MapWidget;
  constructor(private readonly page: Page) {
    this.map = new MapWidget(page, "Map of chapters and their next events");
  }

  open() {
    return this.page.goto("/");
  }

  async searchPlace(text: string, how: "enter" | "button" = "enter") {
    const box = this.page.getByLabel("Search for a place");
    await box.fill(text);
    if (how === "enter") await box.press("Enter");
    else await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  /** The answer to a place search: the nearest chapters, or the message that none is near. */
  nearest() {
    return this.page.getByTestId("nearest-chapters");
  }

  nearestLinks() {
    return this.nearest().getByRole("listitem").getByRole("link");
  }

  chooseState(name: string) {
    return this.page.getByLabel("Find chapters by state").selectOption({ label: name });
  }

  blogPosts() {
    return this.page.getByTestId("blog-post");
  }

  loadMore() {
    return this.page.getByRole("button", { name: "Load More" });
  }

  pressSection() {
    return this.page.getByRole("region", { name: "In the Press" }).or(this.page.locator("section[aria-labelledby='press-heading']"));
  }

  chapterList() {
    return this.page.getByTestId("map-chapter-list");
  }
}
