import { describe, expect, it } from "vitest";
import { isDirection, nearestSpot, nextSpot } from "./pinKeys";

// A plus sign of pins around the middle, and one far off to the upper right.
const spots = [
  { x: 100, y: 100 }, // 0 middle
  { x: 160, y: 104 }, // 1 right
  { x: 40, y: 96 }, // 2 left
  { x: 98, y: 30 }, // 3 up
  { x: 103, y: 170 }, // 4 down
  { x: 400, y: -200 }, // 5 far up and right
];

describe("the arrow keys on a pin", () => {
  it("go to the nearest pin that way", () => {
    expect(nextSpot(spots[0], spots, "ArrowRight")).toBe(1);
    expect(nextSpot(spots[0], spots, "ArrowLeft")).toBe(2);
    expect(nextSpot(spots[0], spots, "ArrowUp")).toBe(3);
    expect(nextSpot(spots[0], spots, "ArrowDown")).toBe(4);
  });

  it("count distance across the way twice, so a pin straight ahead wins over a nearer one off to the side", () => {
    const ahead = { x: 120, y: 0 };
    const aside = { x: 60, y: 45 };
    expect(nextSpot({ x: 0, y: 0 }, [aside, ahead], "ArrowRight")).toBe(1);
  });

  it("stay where they are at the edge (nothing that way), and never pick the pin they are on", () => {
    expect(nextSpot(spots[4], spots, "ArrowDown")).toBeNull();
    expect(nextSpot(spots[0], [spots[0]], "ArrowRight")).toBeNull();
  });

  it("give each key its own quarter: a pin more across than along is not that way", () => {
    expect(nextSpot({ x: 0, y: 0 }, [{ x: 10, y: 50 }], "ArrowRight")).toBeNull();
    expect(nextSpot({ x: 0, y: 0 }, [{ x: 10, y: 50 }], "ArrowDown")).toBe(0);
  });
});

describe("Enter on the map", () => {
  it("goes to the pin nearest the middle, and to none on an empty map", () => {
    expect(nearestSpot({ x: 150, y: 100 }, spots)).toBe(1);
    expect(nearestSpot({ x: 0, y: 0 }, [])).toBeNull();
  });

  it("knows the four arrow keys from the others", () => {
    expect(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", "Tab"].map(isDirection)).toEqual([true, true, true, true, false, false]);
  });
});
