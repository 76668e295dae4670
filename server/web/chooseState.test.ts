import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { CHOOSE_STATE_PATH } from "../contracts/chapter";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { uiIndex: TEST_INDEX_HTML });
}, 120_000);
afterAll(async () => t.close());

describe("GET /chapters?state= (the home page's state chooser without JavaScript)", () => {
  it.each([
    ["co", "/chapters/co"],
    ["CO", "/chapters/co"],
    [" tx ", "/chapters/tx"],
    ["int", "/chapters/int"],
    ["pr", "/chapters/pr"],
  ])("redirects %j to %s", async (state, location) => {
    const res = await t.request("GET", `${CHOOSE_STATE_PATH}?state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(location);
  });

  it("goes back to the home page, where the chooser is, when no state was chosen", async () => {
    for (const query of ["?state=", ""]) {
      const res = await t.request("GET", `${CHOOSE_STATE_PATH}${query}`);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it.each([["zz"], ["../admin"], ["co&x"], ["x".repeat(100)]])("refuses the unknown state %j with a 400", async (state) => {
    const res = await t.request("GET", `${CHOOSE_STATE_PATH}?state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "Unknown state", errorId: "validation_failed", field: "state" });
  });

  it("refuses two states at once with a 400", async () => {
    const res = await t.request("GET", `${CHOOSE_STATE_PATH}?state=co&state=tx`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "Unknown state", field: "state" });
  });

  it("leaves the state pages themselves to the page renderer", async () => {
    const res = await t.request("GET", "/chapters/co", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Colorado | Living Liberally</title>");
  }, 60_000);
});
