import { describe, expect, it } from "vitest";
import { pinSvg } from "./pins";

describe("pins", () => {
  it("draws the type's glyph on the pin", () => {
    expect(pinSvg("#123456", "laughing")).toContain(">La</text>");
    expect(pinSvg("#123456", "laughing")).toContain('fill="#123456"');
  });
});
