import { describe, expect, it } from "vitest";
import { placeInfoWindow } from "./infoWindowPlacement";

const phone = { mapWidth: 358, mapHeight: 300 };
const inside = (p: ReturnType<typeof placeInfoWindow>, m = phone) =>
  p.left >= 0 && p.top >= 0 && p.left + p.width <= m.mapWidth && p.top + p.height <= m.mapHeight;

describe("placeInfoWindow", () => {
  it("puts the window above its pin when there is room, 338 px wide on a 358 px map", () => {
    const p = placeInfoWindow({ ...phone, anchorX: 179, anchorY: 280, contentHeight: 150 });
    expect(p).toEqual({ left: 10, top: 280 - 42 - 150, width: 338, height: 150, pan: { dx: 0, dy: 0 } });
  });

  it("puts it below a pin near the top", () => {
    const p = placeInfoWindow({ ...phone, anchorX: 179, anchorY: 60, contentHeight: 150 });
    expect(p.top).toBe(66);
    expect(p.pan).toEqual({ dx: 0, dy: 0 });
    expect(inside(p)).toBe(true);
  });

  it("with no room above or below (the chapter page's pin in the middle), stays inside and asks to pan the pin down", () => {
    const p = placeInfoWindow({ ...phone, anchorX: 179, anchorY: 150, contentHeight: 200 });
    expect(inside(p)).toBe(true);
    expect(p.height).toBe(200);
    expect(p.pan.dy).toBe(10 + 200 + 42 - 150);
    // After the pan it sits above the pin, clear of it.
    const after = placeInfoWindow({ ...phone, anchorX: 179, anchorY: 150 + p.pan.dy, contentHeight: 200 });
    expect(after.top).toBe(10);
    expect(after.top + after.height).toBeLessThanOrEqual(150 + p.pan.dy - 40);
    expect(after.pan).toEqual({ dx: 0, dy: 0 });
  });

  it("is never wider or taller than the map allows: a long window scrolls inside it", () => {
    const p = placeInfoWindow({ ...phone, anchorX: 5, anchorY: 299, contentHeight: 900 });
    expect(inside(p)).toBe(true);
    expect(p.height).toBe(280);
    expect(p.pan.dx).toBe(19);
  });

  it("at most 400 px wide, next to its pin on a wide map", () => {
    const p = placeInfoWindow({ mapWidth: 1088, mapHeight: 500, anchorX: 800, anchorY: 400, contentHeight: 300 });
    expect(p.width).toBe(400);
    expect(p.left).toBe(600);
    expect(inside(p, { mapWidth: 1088, mapHeight: 500 })).toBe(true);
  });
});
