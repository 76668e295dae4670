import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailSettings } from "../models";
import { startTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let withKey: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  withKey = await startTestApp({ GOOGLE_MAPS_API_KEY: "browser-key-123" });
});
afterAll(async () => {
  await t.close();
  await withKey.close();
});

describe("site config", () => {
  it("says no Google key by default and which email service decides the list id", async () => {
    const res = await t.request("GET", "/api/site_config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ googleMapsApiKey: null, hasGoogleMapsKey: false, emailServiceName: "sendInBlue" });
  });

  it("hands out the browser key when one is configured", async () => {
    await EmailSettings.query().patch({ serviceName: "bronto" }).where({ id: 1 });
    const res = await withKey.request("GET", "/api/site_config");
    expect(res.body).toEqual({ googleMapsApiKey: "browser-key-123", hasGoogleMapsKey: true, emailServiceName: "bronto" });
  });
});

describe("offline place search", () => {
  it("finds ZIP codes, city and state, bare cities and world cities", async () => {
    const zip = await t.request("GET", "/api/geocode?q=10014");
    expect(zip.status).toBe(200);
    expect(zip.body.place.label).toMatch(/New York, NY 10014/);
    expect(zip.body.place.lat).toBeCloseTo(40.73, 1);
    const city = await t.request("GET", "/api/geocode?q=" + encodeURIComponent("Austin, TX"));
    expect(city.body.place).toMatchObject({ label: "Austin, TX" });
    expect(city.body.place.lng).toBeCloseTo(-97.7, 0);
    const oregon = await t.request("GET", "/api/geocode?q=" + encodeURIComponent("Portland, Oregon"));
    expect(oregon.body.place.label).toBe("Portland, OR");
    const london = await t.request("GET", "/api/geocode?q=London");
    expect(london.body.place.lat).toBeCloseTo(51.5, 1);
  });

  it("answers place null for unknown places and 400 for missing or long input", async () => {
    expect((await t.request("GET", "/api/geocode?q=Xyzzyville%20Qq")).body).toEqual({ place: null });
    const missing = await t.request("GET", "/api/geocode");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "q is required", field: "q" });
    const long = await t.request("GET", "/api/geocode?q=" + "a".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("q must be at most 100 characters");
    expect((await t.request("GET", "/api/geocode?q=a&q=b")).status).toBe(400);
  });
});
