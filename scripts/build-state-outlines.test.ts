import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STATES } from "../server/contracts/chapter";

const dir = path.resolve(__dirname, "..", "ui", "public", "state_outlines");

describe("committed state outline files", () => {
  it("has one small GeoJSON outline per state, DC and PR, named by upper-case abbreviation", () => {
    const wanted = Object.keys(STATES)
      .filter((s) => s !== "int")
      .map((s) => s.toUpperCase());
    expect(wanted).toHaveLength(52);
    for (const abbr of wanted) {
      const file = path.join(dir, `${abbr}.json`);
      expect(fs.existsSync(file), abbr).toBe(true);
      expect(fs.statSync(file).size, abbr).toBeLessThan(50_000);
      const f = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(f).toMatchObject({ type: "Feature", properties: { abbr } });
      expect(["Polygon", "MultiPolygon"]).toContain(f.geometry.type);
    }
    const texas = JSON.parse(fs.readFileSync(path.join(dir, "TX.json"), "utf8"));
    const lngs: number[] = [];
    const walk = (x: unknown): void => {
      if (Array.isArray(x) && typeof x[0] === "number") lngs.push(x[0] as number);
      else if (Array.isArray(x)) x.forEach(walk);
    };
    walk(texas.geometry.coordinates);
    expect(Math.min(...lngs)).toBeCloseTo(-106.6, 0);
    expect(Math.max(...lngs)).toBeCloseTo(-93.5, 0);
  });

  it("has US.json with every state and DC for the country map", () => {
    const us = JSON.parse(fs.readFileSync(path.join(dir, "US.json"), "utf8"));
    expect(us.type).toBe("FeatureCollection");
    expect(us.features.map((f: { properties: { abbr: string } }) => f.properties.abbr).sort()).toHaveLength(51);
  });
});
