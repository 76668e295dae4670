import { expect, type Locator, type Page } from "@playwright/test";

/** The chapter map (offline SVG map when no Google key is set), its pins and info window. */
export class MapWidget {
  readonly root: Locator;
  constructor(
    private readonly page: Page,
    label: string | RegExp,
  ) {
    this.root = page.getByRole("region", { name: label });
  }

  async waitReady() {
    await expect(this.root).toHaveAttribute("data-map-ready", "true");
  }

  pin(title: string | RegExp) {
    return this.root.getByRole("button", { name: title });
  }

  /** A cluster of overlapping pins, named by its count. */
  cluster(count: number) {
    return this.root.getByRole("button", { name: `${count} chapters here: zoom in` });
  }

  clusters() {
    return this.root.locator("button[data-cluster-count]");
  }

  pins() {
    return this.root.locator("button[data-pin-id]");
  }

  infoWindow() {
    return this.root.getByRole("dialog");
  }

  zoomIn() {
    return this.root.getByRole("button", { name: "Zoom in" }).click();
  }

  zoomOutButton() {
    return this.root.getByRole("button", { name: "Zoom out" });
  }

  /** Pixel distance of a pin's tip from the centre of the map. */
  async pinDistanceFromCentre(title: string | RegExp): Promise<number> {
    const map = (await this.root.boundingBox())!;
    const pin = (await this.pin(title).boundingBox())!;
    return Math.hypot(pin.x + pin.width / 2 - (map.x + map.width / 2), pin.y + pin.height - (map.y + map.height / 2));
  }
}
