import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Google's Geocoding API on 127.0.0.1, answering its documented JSON shape.
 * The answer depends on the address: containing "nowhere" -> ZERO_RESULTS, "busy" -> OVER_QUERY_LIMIT,
 * "denied" -> REQUEST_DENIED, "slow" -> no answer for 10 s, "garbage" -> not JSON, "http500" -> HTTP 500;
 * anything else -> OK with a location.
 */
export interface FakeGoogleGeocoder {
  url: string;
  requests: URL[];
  close(): Promise<void>;
}

export const FAKE_LOCATION = { lat: 40.7411, lng: -73.9897 };

export async function startFakeGoogleGeocoder(): Promise<FakeGoogleGeocoder> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const address = (url.searchParams.get("address") ?? "").toLowerCase();
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== "/maps/api/geocode/json") return json(404, { error: "not found" });
    if (!url.searchParams.get("key"))
      return json(200, {
        status: "REQUEST_DENIED",
        error_message: "You must use an API key to authenticate each request to Google Maps Platform APIs.",
        results: [],
      });
    if (address.includes("slow")) return void setTimeout(() => json(200, { status: "ZERO_RESULTS", results: [] }), 10_000).unref();
    if (address.includes("garbage")) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end("<html>oops");
    }
    if (address.includes("http500")) return json(500, { status: "UNKNOWN_ERROR", results: [] });
    if (address.includes("nowhere")) return json(200, { status: "ZERO_RESULTS", results: [] });
    if (address.includes("busy"))
      return json(200, { status: "OVER_QUERY_LIMIT", error_message: "You have exceeded your rate-limit for this API.", results: [] });
    if (address.includes("denied")) return json(200, { status: "REQUEST_DENIED", error_message: "The provided API key is invalid.", results: [] });
    json(200, {
      status: "OK",
      results: [
        {
          address_components: [{ long_name: "New York", short_name: "New York", types: ["locality", "political"] }],
          formatted_address: "Flatiron, New York, NY 10010, USA",
          geometry: {
            location: FAKE_LOCATION,
            location_type: "ROOFTOP",
            viewport: { northeast: { lat: 40.75, lng: -73.98 }, southwest: { lat: 40.73, lng: -74 } },
          },
          place_id: "ChIJfake",
          types: ["street_address"],
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/maps/api/geocode/json`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
