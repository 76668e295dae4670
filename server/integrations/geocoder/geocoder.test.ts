import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleGeocoder } from "./google";
import { OfflineGeocoder } from "./offline";
import { createGeocoder } from "./index";
import { LogCapture } from "../../test/logCapture";
import { silentLogger } from "../../lib/log";
import { FAKE_LOCATION, startFakeGoogleGeocoder, type FakeGoogleGeocoder } from "../../test/fakeGoogleGeocoder";

let fake: FakeGoogleGeocoder;
const logged = new LogCapture();
let google: GoogleGeocoder;
beforeAll(async () => {
  fake = await startFakeGoogleGeocoder();
  google = new GoogleGeocoder({ apiKey: "test-key", url: fake.url, timeoutMs: 2000, log: logged.logger() });
});
afterAll(async () => fake.close());

describe("choosing a geocoder", () => {
  it("uses Google when a key is set, the offline one otherwise", () => {
    expect(createGeocoder({ googleMapsApiKey: "k", googleGeocodeUrl: "https://example.test/geocode/json" }).name).toBe("google");
    expect(createGeocoder({ googleMapsApiKey: null, googleGeocodeUrl: "https://example.test/geocode/json" }).name).toBe("offline");
  });
});

describe("Google geocoder against a local fake of the API", () => {
  it("sends the address and key and reads the first result's location", async () => {
    const point = await google.geocodeAddress({ address: "200 5th Ave", city: "New York", state: "NY", postalCode: "10010", country: "USA" });
    expect(point).toEqual(FAKE_LOCATION);
    const last = fake.requests.at(-1)!;
    expect(last.searchParams.get("address")).toBe("200 5th Ave, New York, NY 10010, USA");
    expect(last.searchParams.get("key")).toBe("test-key");
  });

  it("gives a label for place search", async () => {
    expect(await google.geocodePlace("Flatiron")).toEqual({ ...FAKE_LOCATION, label: "Flatiron, New York, NY 10010, USA" });
    expect(fake.requests.at(-1)!.searchParams.get("address")).toBe("flatiron");
    expect(fake.requests.at(-1)!.searchParams.has("components")).toBe(false);
  });

  it("asks for a place search's ZIP code, or its city and state, in the US", async () => {
    const asked = async (typed: string) => {
      await google.geocodePlace(typed);
      const last = fake.requests.at(-1)!;
      return [last.searchParams.get("address"), last.searchParams.get("components")];
    };
    expect(await asked("drinking liberally near Austin, TX 78704-1234")).toEqual(["78704", "country:US"]);
    expect(await asked("Drinking Liberally Austin, Texas")).toEqual(["austin, tx", "country:US"]);
    expect(await asked("Paris, France")).toEqual(["paris, france", null]);
  });

  it.each([
    ["ZERO_RESULTS", "1 Nowhere Rd", null],
    ["OVER_QUERY_LIMIT", "1 Busy St", "geocoder: OVER_QUERY_LIMIT (You have exceeded your rate-limit for this API.)"],
    ["REQUEST_DENIED", "1 Denied St", "geocoder: REQUEST_DENIED (The provided API key is invalid.)"],
    ["HTTP 500", "1 Http500 St", "geocoder: HTTP 500"],
    ["not JSON", "1 Garbage St", "geocoder:"],
    ["a timeout", "1 Slow St", "geocoder: timed out"],
  ])("answers null on %s and logs it", async (_case, address, message) => {
    logged.clear();
    expect(await google.geocodeAddress({ address, city: "Springfield" })).toBeNull();
    if (message) expect(logged.messages().join("\n")).toContain(message);
    else expect(logged.messages()).toEqual([]);
  });

  it("does not call the API for an empty address", async () => {
    const before = fake.requests.length;
    expect(await google.geocodePlace("  ")).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it("answers null when the API cannot be reached", async () => {
    const dead = new GoogleGeocoder({ apiKey: "k", url: "http://127.0.0.1:9/maps/api/geocode/json", timeoutMs: 300, log: silentLogger });
    expect(await dead.geocodeAddress({ city: "Austin", state: "TX" })).toBeNull();
  });
});

describe("offline geocoder", () => {
  const offline = new OfflineGeocoder();
  it("finds a ZIP code, then a city and state", async () => {
    expect(await offline.geocodeAddress({ postalCode: "10014" })).toMatchObject({ lat: expect.closeTo(40.73, 1), lng: expect.closeTo(-74.0, 1) });
    expect(await offline.geocodeAddress({ city: "Austin", state: "TX" })).toMatchObject({ lat: expect.closeTo(30.3, 0) });
    expect(await offline.geocodeAddress({ city: "Nowhereville", state: "ZZ" })).toBeNull();
  });

  it("finds a place searched for in each of its spellings, labelled with the names of the ZIP data", async () => {
    const zip = { lat: 30.2428, lng: -97.7658, label: "Austin, TX 78704" };
    for (const typed of ["78704", " 78704 ", "78704-0001", "78704-1234", "Austin, TX 78704", "drinking liberally near Austin, TX 78704", "78704 Austin TX"]) {
      expect(await offline.geocodePlace(typed), typed).toEqual(zip);
    }
    const city = await offline.geocodePlace("austin tx");
    expect(city).toMatchObject({ label: "Austin, TX", lat: expect.closeTo(30.3, 0) });
    for (const typed of ["Austin, Texas", "Austin Texas", "AUSTIN, TX", "Austin", "drinking liberally near Austin, TX", "Drinking Liberally Austin TX"]) {
      expect(await offline.geocodePlace(typed), typed).toEqual(city);
    }
    expect(await offline.geocodePlace("Reading, PA")).toMatchObject({ label: "Reading, PA", lat: expect.closeTo(40.3, 0) });
    expect(await offline.geocodePlace("Salt Lake City Utah")).toMatchObject({ label: "Salt Lake City, UT" });
    expect(await offline.geocodePlace("london")).toMatchObject({ label: "London" });
    expect(await offline.geocodePlace("Nowhereville, ZZ")).toBeNull();
    expect(await offline.geocodePlace("Drinking Liberally")).toBeNull();
  });

  it("finds a city named alone in the state with most of its ZIP codes, and a state alone at its middle", async () => {
    expect(await offline.geocodePlace("New York")).toMatchObject({ label: "New York, NY" });
    expect(await offline.geocodePlace("Washington")).toMatchObject({ label: "Washington, DC" });
    expect(await offline.geocodePlace("Texas")).toMatchObject({ label: "Texas", lat: expect.closeTo(31, -1), lng: expect.closeTo(-98, -1) });
    expect(await offline.geocodePlace("chapters in Texas")).toMatchObject({ label: "Texas" });
  });
});
