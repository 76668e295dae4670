import { describe, expect, it } from "vitest";
import { directionsUrl } from "./directions";

const place = { address1: "1607 San Jacinto Blvd", address2: "", city: "Austin", state: "TX", postalCode: "78701", lat: 30.2713, lng: -97.7426 };

describe("directionsUrl", () => {
  it("asks Google Maps for directions to the meetup's address", () => {
    const url = new URL(directionsUrl(place)!);
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("destination")).toBe("1607 San Jacinto Blvd, Austin, TX 78701");
  });

  it("escapes what people typed: an address cannot add parameters", () => {
    const url = new URL(directionsUrl({ ...place, address1: "5 Main St & Co #2 ?x=1&api=2" })!);
    expect(url.searchParams.get("destination")).toBe("5 Main St & Co #2 ?x=1&api=2, Austin, TX 78701");
    expect(url.searchParams.getAll("api")).toEqual(["1"]);
  });

  it("falls back to the map place without a street address, and gives nothing without either", () => {
    expect(new URL(directionsUrl({ ...place, address1: "" })!).searchParams.get("destination")).toBe("30.2713,-97.7426");
    expect(directionsUrl({ ...place, address1: "", lat: null, lng: null })).toBeNull();
  });
});
