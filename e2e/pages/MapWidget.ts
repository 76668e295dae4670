import { expect, type Locator, type Page } from "@playwright/test";
import { projectionFrom, type ProjectionSpec } from "../../ui/components/map/projection";

/** A pin as the map draws it: its id and place (data-lat, data-lng), and its marker's tip (pixels from the map's corner). */
interface DrawnPin {
  id: string;
  lat: number;
  lng: number;
  x: number;
  y: number;
  /** Spread around a spot it shares, at the end of a line back to it. */
  spread: boolean;
}

/** What the offline map draws at a moment: its projection and zoom, its pins and its clusters (their middles). */
export interface MapDrawing {
  width: number;
  height: number;
  transform: { k: number; x: number; y: number };
  pins: DrawnPin[];
  clusters: { ids: string[]; x: number; y: number }[];
  /** Where a place is on the map now, by the map's own projection and zoom (Puerto Rico in its inset); null if nowhere. */
  spotOf: (lat: number, lng: number, state: string) => { x: number; y: number } | null;
}

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
    return this.root.getByRole("button", { name: "Zoom in", exact: true }).click();
  }

  zoomOutButton() {
    return this.root.getByRole("button", { name: "Zoom out", exact: true });
  }

  /**
   * Where the keyboard is, seen from the map: "map" (the map itself), a pin's or cluster's name ("pin: ...",
   * "cluster: ..."), or null when the focus is outside the map.
   */
  async focused(): Promise<string | null> {
    return this.root.evaluate((map) => {
      const el = document.activeElement;
      if (el === map) return "map";
      if (!el || !map.contains(el)) return null;
      return `${el.hasAttribute("data-cluster-count") ? "cluster" : el.hasAttribute("data-pin-id") ? "pin" : el.tagName.toLowerCase()}: ${el.getAttribute("aria-label")}`;
    });
  }

  /** How many chapters the map draws: its pins, and the counts of its clusters. */
  async chaptersDrawn(): Promise<number> {
    const counts = await this.clusters().evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-cluster-count"))));
    return (await this.pins().count()) + counts.reduce((a, n) => a + n, 0);
  }

  /** A pin, or the cluster it is in (a cluster's tooltip names its pins). */
  pinOrItsCluster(title: string) {
    return this.pin(title).or(this.root.locator(`button[data-cluster-count][title*=${JSON.stringify(title)}]`));
  }

  /**
   * Pixel distance from the centre of the map of a pin's tip (the bottom middle of its marker), or of the middle
   * of the cluster it is in; Infinity while it is not drawn. Read in one go, as the map may redraw meanwhile.
   */
  async pinDistanceFromCentre(title: string): Promise<number> {
    return this.root.evaluate((el, name) => {
      const map = el.getBoundingClientRect();
      const centre = { x: map.left + map.width / 2, y: map.top + map.height / 2 };
      const pin = [...el.querySelectorAll("button[data-pin-id]")].find((b) => b.getAttribute("aria-label") === name);
      const cluster = [...el.querySelectorAll<HTMLButtonElement>("button[data-cluster-count]")].find((b) => b.title.split("; ").includes(name));
      const box = pin?.querySelector("img")?.getBoundingClientRect() ?? cluster?.getBoundingClientRect();
      if (!box) return Infinity;
      const y = pin ? box.bottom : box.top + box.height / 2;
      return Math.hypot(box.left + box.width / 2 - centre.x, y - centre.y);
    }, title);
  }

  /** The names drawn on the map (states, or cities). */
  labels(kind: "state" | "city") {
    return this.root.locator(`svg text[data-label=${kind}]`);
  }

  /** A state's outline as drawn, by its upper-case abbreviation. */
  stateOutline(abbr: string) {
    return this.root.locator(`svg path[data-state=${abbr}]`);
  }

  /** The lines from spread-out pins back to the spot they share. */
  spreadLines() {
    return this.root.locator("svg [data-spread-lines] line");
  }

  /** The map's zoom and pan as it shows them (data-transform), to wait for a change. */
  transform() {
    return this.root.getAttribute("data-transform");
  }

  /** Zooms with the mouse wheel (`notches` turns, 1.25 times each) about a point of the map (pixels from its corner). */
  async wheelZoomAt(x: number, y: number, notches = 1) {
    const before = await this.transform();
    const box = (await this.root.boundingBox())!;
    await this.page.mouse.move(box.x + x, box.y + y);
    for (let i = 0; i < notches; i++) await this.page.mouse.wheel(0, -100);
    await this.transformChanged(before);
  }

  /** Zooms out with the button until it is disabled (the view's own fit). */
  async zoomOutFully() {
    const button = this.zoomOutButton();
    while (await button.isEnabled()) {
      const before = await this.transform();
      await button.click();
      await this.transformChanged(before);
    }
  }

  /** Resolves once the map's zoom or pan differs from `before` (watched in the page, not polled). */
  async transformChanged(before: string | null) {
    await this.root.evaluate(
      (el, was) =>
        new Promise<void>((resolve) => {
          if (el.getAttribute("data-transform") !== was) return resolve();
          const watch = new MutationObserver(() => {
            if (el.getAttribute("data-transform") === was) return;
            watch.disconnect();
            resolve();
          });
          watch.observe(el, { attributes: true, attributeFilter: ["data-transform"] });
        }),
      before,
    );
  }

  /**
   * Everything the map draws, measured in the page: each pin's marker tip (the bottom middle of its image) and each
   * cluster's middle, with the projection and zoom the map shows, to place latitudes and longitudes the same way.
   */
  async drawing(): Promise<MapDrawing> {
    const raw = await this.root.evaluate((el) => {
      const origin = el.getBoundingClientRect();
      const pins = [...el.querySelectorAll<HTMLButtonElement>("button[data-pin-id]")].map((b) => {
        const r = b.querySelector("img")!.getBoundingClientRect();
        return {
          id: b.dataset.pinId!,
          lat: Number(b.dataset.lat),
          lng: Number(b.dataset.lng),
          x: r.left + r.width / 2 - origin.left,
          y: r.bottom - origin.top,
          spread: b.dataset.spread === "true",
        };
      });
      const clusters = [...el.querySelectorAll<HTMLButtonElement>("button[data-cluster-count]")].map((b) => {
        const r = b.getBoundingClientRect();
        return { ids: b.dataset.pinIds!.split(" "), x: r.left + r.width / 2 - origin.left, y: r.top + r.height / 2 - origin.top };
      });
      const read = (name: string) => (el.getAttribute(name) ? JSON.parse(el.getAttribute(name)!) : null);
      return {
        width: origin.width,
        height: origin.height,
        transform: read("data-transform"),
        projection: read("data-projection") as unknown,
        inset: read("data-inset-projection") as unknown,
        pins,
        clusters,
      };
    });
    const main = projectionFrom(raw.projection as ProjectionSpec);
    const inset = raw.inset ? projectionFrom(raw.inset as ProjectionSpec) : null;
    const t = raw.transform as MapDrawing["transform"];
    const spotOf = (lat: number, lng: number, state: string) => {
      if (state === "pr" && inset) {
        const p = inset([lng, lat]);
        return p ? { x: p[0], y: p[1] } : null;
      }
      const p = main([lng, lat]);
      return p ? { x: p[0] * t.k + t.x, y: p[1] * t.k + t.y } : null;
    };
    return { width: raw.width, height: raw.height, transform: t, pins: raw.pins, clusters: raw.clusters, spotOf };
  }
}
