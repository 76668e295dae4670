import type { Page } from "@playwright/test";
import { untilHydrated } from "../fixtures";
import { MapWidget } from "./MapWidget";

export class HomePage {
  readonly map: MapWidget;
  constructor(private readonly page: Page) {
    this.map = new MapWidget(page, "Map of chapters and their next events");
  }

  open() {
    return this.page.goto("/");
  }

  /** The home page with a place searched for, by its address (as a link or a search without JavaScript brings it). */
  openSearch(place: string) {
    return this.page.goto(`/?place=${encodeURIComponent(place)}`);
  }

  /** The home page at an address as given (`/?place=Austin%2C+TX+78704`, as the finder's form without JavaScript sends it). */
  openAddress(address: string) {
    return this.page.goto(address);
  }

  searchBox() {
    return this.page.getByLabel("Search for a place");
  }

  /** The finder's chapter type choice ("All chapter types", "Drinking Liberally", ...). */
  typeChoice() {
    return this.page.getByLabel("Chapter type");
  }

  /** Searches for a place as a visitor types it, of one chapter type when given (its label: "Drinking Liberally"). */
  async searchPlace(text: string, how: "enter" | "button" = "enter", type?: string) {
    // A search loads the page: the next one is searched from once its islands run, as a visitor would.
    await untilHydrated(this.page);
    if (type) await this.typeChoice().selectOption({ label: type });
    const box = this.searchBox();
    await box.fill(text);
    if (how === "enter") await box.press("Enter");
    else await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  /** The answer to a place search: the nearest chapters, or the message that none is near. */
  nearest() {
    return this.page.getByTestId("nearest-chapters");
  }

  /** The answer's heading ("Nearest chapters to ...", "No chapter within 50 miles of ..."), where focus goes after a search. */
  resultsHeading() {
    return this.nearest().getByRole("heading", { level: 3 });
  }

  /** What the finder says of a place it cannot find, with what to type. */
  placeNotFound() {
    return this.page.getByText("We could not find that place on the map.");
  }

  nearestLinks() {
    return this.nearest().getByRole("listitem").getByRole("link");
  }

  stateChooser() {
    return this.page.getByLabel("Find chapters by state");
  }

  chooseState(name: string) {
    return this.stateChooser().selectOption({ label: name });
  }

  /** The state chooser's Go button, shown only without JavaScript (with it, choosing a state goes there at once). */
  goButton() {
    return this.page.getByRole("button", { name: "Go", exact: true });
  }

  blogPosts() {
    return this.page.getByTestId("blog-post");
  }

  /**
   * Load More under the news: for a visitor who is not signed in, a link to the page with one more page of posts (the
   * news is no island of the page: docs/decisions/098-islands.md); for one who is, a button that reads it in place.
   */
  loadMore() {
    return this.page.getByRole("button", { name: "Load More" }).or(this.loadMoreLink());
  }

  /** Load More without JavaScript: a link to the page with one more page of posts. */
  loadMoreLink() {
    return this.page.getByRole("link", { name: "Load More" });
  }

  pressSection() {
    return this.page.getByRole("region", { name: "In the Press" }).or(this.page.locator("section[aria-labelledby='press-heading']"));
  }

  chapterList() {
    return this.page.getByTestId("map-chapter-list");
  }

  /** Opens the list of the chapters on the map (a <details>, which opens without JavaScript too). */
  async openChapterList() {
    await this.chapterList().locator("summary").click();
  }

  /** What the map's place says without JavaScript, instead of "Map loading..." forever. */
  mapUnavailable() {
    return this.page.getByTestId("map-noscript");
  }

  mapLoading() {
    return this.page.getByText("Map loading...");
  }
}
