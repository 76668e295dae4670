import { describe, expect, it } from "vitest";
import { pinSvg, spreadOverlapping, spreadSamePlace } from "./pins";

describe("pins", () => {
  it("fans out pins that overlap so each has its own spot", () => {
    const out = spreadOverlapping([
      { item: "nyc", x: 100, y: 100 },
      { item: "brooklyn", x: 102, y: 103 },
      { item: "boston", x: 300, y: 50 },
    ]);
    const nyc = out.find((p) => p.item === "nyc")!;
    const bk = out.find((p) => p.item === "brooklyn")!;
    expect(Math.hypot(nyc.x - bk.x, nyc.y - bk.y)).toBeGreaterThanOrEqual(18);
    expect(out.find((p) => p.item === "boston")).toEqual({ item: "boston", x: 300, y: 50 });
  });

  it("nudges pins with the same coordinates apart for Google", () => {
    const base = { title: "x", typeName: "drinking", color: "#000", state: "ny" };
    const out = spreadSamePlace([
      { ...base, id: "1", lat: 40, lng: -74 },
      { ...base, id: "2", lat: 40, lng: -74 },
    ]);
    expect(out[0].lat !== out[1].lat || out[0].lng !== out[1].lng).toBe(true);
  });

  it("draws the type's glyph on the pin", () => {
    expect(pinSvg("#123456", "laughing")).toContain(">La</text>");
    expect(pinSvg("#123456", "laughing")).toContain('fill="#123456"');
  });
});
