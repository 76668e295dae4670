import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe("API conventions", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.request("GET", "/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "API endpoint not found", errorId: "not_found" });
  });

  it("answers malformed JSON with 400 and no stack trace", async () => {
    const res = await t.request("POST", "/api/auth/signin", { raw: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Request body is not valid JSON");
    expect(res.text).not.toMatch(/at .*\.ts|node_modules|SyntaxError/);
  });

  it("answers oversized bodies with 413", async () => {
    const huge = JSON.stringify({ username: "a@b.org", password: "x".repeat(2 * 1024 * 1024) });
    const res = await t.request("POST", "/api/auth/signin", { raw: huge, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.body.errorId).toBe("payload_too_large");
  });

  it("answers wrong types with 400 naming the field", async () => {
    const res = await t.request("POST", "/api/auth/signin", { body: { username: 42, password: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("username");
  });

  it("sends security headers", async () => {
    const res = await t.request("GET", "/api/auth/user");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBeTruthy();
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
