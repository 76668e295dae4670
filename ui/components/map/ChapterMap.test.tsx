import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { deferred, fakeApi } from "../../test/fakeApi";
import { renderWithProviders } from "../../test/render";
import { ChapterMap } from "./ChapterMap";
import { outlineNamesOf, type MapView } from "./types";

const props = (view: MapView) => ({
  view,
  pins: [],
  height: 300,
  zoom: 4,
  focus: null,
  selectedPinId: null,
  onSelectPin: () => {},
  label: "Map of chapters",
  renderInfo: () => null,
});

describe("outlineNamesOf", () => {
  it("names the US outline with Puerto Rico's inset, one state's outline, or none outside the states", () => {
    expect(outlineNamesOf({ kind: "us" })).toEqual(["US", "PR"]);
    expect(outlineNamesOf({ kind: "state", state: "tx" })).toEqual(["TX"]);
    expect(outlineNamesOf({ kind: "state", state: "int" })).toEqual([]);
  });

  it("draws every state around a chapter's place, so its neighbours show (Puerto Rico its own)", () => {
    expect(outlineNamesOf({ kind: "point", center: { lat: 40.7, lng: -74 }, state: "ny" })).toEqual(["US"]);
    expect(outlineNamesOf({ kind: "point", center: { lat: 18.4, lng: -66.06 }, state: "pr" })).toEqual(["PR"]);
    expect(outlineNamesOf({ kind: "point", center: { lat: 51.5, lng: -0.13 }, state: "int" })).toEqual([]);
  });
});

describe("ChapterMap", () => {
  it("asks for the outline files while the site configuration is still on its way, not after the map's code", async () => {
    const config = deferred<unknown>();
    const { calls } = fakeApi({ "GET /api/site_config": () => config.promise, "GET /state_outlines/US.json": {}, "GET /state_outlines/PR.json": {} });
    renderWithProviders(<ChapterMap {...props({ kind: "us" })} />);
    expect(screen.getByRole("status", { hidden: true })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((c) => c.path).sort()).toEqual(["/api/site_config", "/state_outlines/PR.json", "/state_outlines/US.json"]);
  });

  it("asks for a state's outline only on a state's map", async () => {
    const { calls } = fakeApi({ "GET /api/site_config": () => deferred<unknown>().promise, "GET /state_outlines/TX.json": {} });
    renderWithProviders(<ChapterMap {...props({ kind: "state", state: "tx" })} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((c) => c.path).sort()).toEqual(["/api/site_config", "/state_outlines/TX.json"]);
  });
});
