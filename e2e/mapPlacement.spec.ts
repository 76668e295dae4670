import { expect, test } from "./fixtures";
import type { ChapterPinList } from "../server/contracts/chapter";
import { HomePage } from "./pages/HomePage";
import type { MapDrawing } from "./pages/MapWidget";

/** A demo chapter with a place on the US map, as the public API gives it. */
interface Chapter {
  id: string;
  name: string;
  state: string;
  lat: number;
  lng: number;
}

/** How far (pixels) a marker's tip may be from its chapter's place: rounding only. */
const TIP_SLACK = 1.5;
/** A cluster spans at most three pin sizes (28 x 36) either way from its first pin. */
const CLUSTER_SPAN = { x: 6 * 28, y: 6 * 36 };
/** Places this far inside the map's edges must be drawn (a cluster near the edge may sit just outside it). */
const DRAWN_INSIDE = 120;

/**
 * Checks one moment of the map: every pin drawn at its chapter's place (its own latitude and longitude, projected
 * as the map projects them), every cluster among its members, no chapter drawn twice, and every chapter well
 * inside the map drawn (as a pin or in a cluster). Returns what was drawn, by chapter id. (One expectation for the
 * whole moment, listing what is wrong: hundreds of them per moment would slow the test down.)
 */
function expectEveryPinAtItsPlace(drawing: MapDrawing, chapters: Map<string, Chapter>, when: string) {
  const wrong: string[] = [];
  const drawn = new Map<string, "pin" | "cluster">();
  const note = (id: string, as: "pin" | "cluster") => {
    if (drawn.has(id)) wrong.push(`${chapters.get(id)?.name ?? id} is drawn twice`);
    drawn.set(id, as);
  };
  for (const pin of drawing.pins) {
    const chapter = chapters.get(pin.id);
    if (!chapter) {
      wrong.push(`pin ${pin.id} is not a demo chapter`);
      continue;
    }
    if (pin.lat !== chapter.lat || pin.lng !== chapter.lng) wrong.push(`${chapter.name}'s pin says ${pin.lat},${pin.lng}`);
    if (pin.spread) wrong.push(`${chapter.name} is spread out`);
    const spot = drawing.spotOf(chapter.lat, chapter.lng, chapter.state)!;
    const off = Math.hypot(pin.x - spot.x, pin.y - spot.y);
    if (off > TIP_SLACK) wrong.push(`${chapter.name} is drawn ${off.toFixed(1)} px from its place`);
    note(pin.id, "pin");
  }
  for (const cluster of drawing.clusters) {
    const members = cluster.ids.map((id) => chapters.get(id));
    if (members.some((c) => !c)) {
      wrong.push(`a cluster holds ${cluster.ids.join(" ")}, not all demo chapters`);
      continue;
    }
    const names = members.map((c) => c!.name).join(", ");
    const spots = members.map((c) => drawing.spotOf(c!.lat, c!.lng, c!.state)!);
    cluster.ids.forEach((id) => note(id, "cluster"));
    const [x0, x1] = [Math.min(...spots.map((s) => s.x)), Math.max(...spots.map((s) => s.x))];
    const [y0, y1] = [Math.min(...spots.map((s) => s.y)), Math.max(...spots.map((s) => s.y))];
    if (cluster.ids.length < 2) wrong.push(`a cluster of one: ${names}`);
    const among = cluster.x >= x0 - TIP_SLACK && cluster.x <= x1 + TIP_SLACK && cluster.y >= y0 - TIP_SLACK && cluster.y <= y1 + TIP_SLACK;
    if (!among) wrong.push(`the cluster of ${names} is drawn away from its pins`);
    if (x1 - x0 > CLUSTER_SPAN.x || y1 - y0 > CLUSTER_SPAN.y) wrong.push(`the cluster of ${names} spans ${x1 - x0} x ${y1 - y0} px`);
  }
  for (const chapter of chapters.values()) {
    const spot = drawing.spotOf(chapter.lat, chapter.lng, chapter.state)!;
    const inside = spot.x > DRAWN_INSIDE && spot.x < drawing.width - DRAWN_INSIDE && spot.y > DRAWN_INSIDE && spot.y < drawing.height - DRAWN_INSIDE;
    if (inside && !drawn.has(chapter.id)) wrong.push(`${chapter.name}, well inside the map, is not drawn`);
  }
  expect(wrong, when).toEqual([]);
  return drawn;
}

test.describe("the home map draws every pin at its place", { tag: "@look" }, () => {
  // 1280 px wide, as the report; tall enough that the whole map is in view for the mouse wheel.
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("at every zoom the map offers: each demo chapter's pin at its own latitude and longitude, clusters among their pins", async ({ page }) => {
    test.setTimeout(300_000);
    const answer = await page.request.get("/api/chapters/pins");
    const { pins } = (await answer.json()) as ChapterPinList;
    const chapters = new Map<string, Chapter>();
    for (const [id, , name, state, , lat, lng] of pins) {
      // International chapters have no place on the US map (they are in the list under it).
      if (lat != null && lng != null && state !== "int") chapters.set(String(id), { id: String(id), name, state, lat, lng });
    }
    expect(chapters.size).toBe(21);

    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await home.map.root.scrollIntoViewIfNeeded();

    // The national map: every chapter is drawn, and Seattle, Portland, Boston and Washington stand in their own states.
    const national = await home.map.drawing();
    const drawn = expectEveryPinAtItsPlace(national, chapters, "national map");
    expect([...drawn.keys()].sort()).toEqual([...chapters.keys()].sort());
    for (const slug of ["seattle", "portland", "boston", "washington_dc", "brooklyn"]) {
      const row = pins.find((p) => p[1] === slug)!;
      const chapter = chapters.get(String(row[0]))!;
      const spot = national.spotOf(chapter.lat, chapter.lng, chapter.state)!;
      const outline = home.map.stateOutline(chapter.state.toUpperCase());
      const inState = await outline.evaluate(
        (path: SVGPathElement, { x, y, t }) => {
          const at = new DOMPoint((x - t.x) / t.k, (y - t.y) / t.k);
          return path.isPointInFill(at) || path.isPointInStroke(at);
        },
        { ...spot, t: national.transform },
      );
      expect(inState, `${chapter.name} is drawn in its own state`).toBe(true);
    }

    // The zoom buttons' levels, two to 512 times, about the map's middle.
    for (let level = 1; level <= 9; level++) {
      const before = await home.map.transform();
      await home.map.zoomIn();
      await home.map.transformChanged(before);
      expectEveryPinAtItsPlace(await home.map.drawing(), chapters, `zoom button ${level}`);
    }

    // Each chapter, from the national map to the closest zoom, the wheel turned over its place four notches at a
    // time (about 2.4 times as close): at every step every pin and cluster is where it belongs, and at the closest zoom
    // the chapter is a pin of its own at its place.
    for (const chapter of chapters.values()) {
      if (chapter.state === "pr") continue; // Puerto Rico's inset does not zoom; its pin is checked at every step above.
      await home.map.zoomOutFully();
      for (let step = 0; step < 20; step++) {
        const drawing = await home.map.drawing();
        const seen = expectEveryPinAtItsPlace(drawing, chapters, `${chapter.name}, zoom ${drawing.transform.k.toFixed(2)}`);
        if (drawing.transform.k >= 512) {
          expect(seen.get(chapter.id), `${chapter.name} stands alone at the closest zoom`).toBe("pin");
          break;
        }
        const spot = drawing.spotOf(chapter.lat, chapter.lng, chapter.state)!;
        await home.map.wheelZoomAt(spot.x, spot.y, 4);
      }
      expect((await home.map.drawing()).transform.k).toBe(512);
    }
  });
});
