/**
 * The home page of a place search as anonymous visitors get it (placePage.ts): one kept page for every spelling of a
 * place, one kept page for every place that cannot be found (what was typed put into its search box, escaped), and at
 * most RATE_LIMITS placePages renders of new places per client address and hour (addresses through X-Forwarded-For).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";
import { escapeHtml } from "./head";
import { NOT_FOUND_LOCATION } from "./placePage";
import * as ssr from "./ssr";

const INDEX = `<!doctype html><html lang="en"><head><title>Living Liberally</title></head><body><div id="root"></div></body></html>`;
const NEW_PLACES_AN_HOUR = 3;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "1", RATE_LIMITS: `placePages=${NEW_PLACES_AN_HOUR}` }, { uiIndex: INDEX });
  await buildChapter({ slug: "austin", title: "Drinking Liberally", city: "Austin", state: "tx", postalCode: "78701" });
}, 120_000);
afterAll(async () => t.close());

const search = (place: string, address: string, headers: Record<string, string> = {}) => open(`/?place=${encodeURIComponent(place)}`, address, headers);

/** The home page at an address as given (`/?place=Austin%2C+TX+78704&type=`, as the finder's form sends it). */
const open = (location: string, address: string, headers: Record<string, string> = {}) =>
  t.request("GET", location, { headers: { accept: "text/html", "accept-encoding": "identity", "x-forwarded-for": address, ...headers } });

/** The chapter type the page's finder has chosen: its option marked selected ("" for every type). */
const chosenType = (html: string) => /<option value="([a-z]*)" selected=""/.exec(html)?.[1];

/** Counts the pages rendered while `work` runs, by the location each was rendered for. */
async function rendersDuring(work: () => Promise<void>): Promise<string[]> {
  const renders = vi.spyOn(ssr, "renderPublicPage");
  try {
    await work();
    return renders.mock.calls.map((c) => c[0]);
  } finally {
    renders.mockRestore();
  }
}

const NOT_FOUND_NOTICE = `We could not find that place on the map. ${escapeHtml('Try a ZIP code or "City, ST".')}`;

describe("the home page of a place search", () => {
  it("is rendered once for every spelling of a place, and shows the place as found", async () => {
    const answers: Awaited<ReturnType<typeof search>>[] = [];
    const rendered = await rendersDuring(async () => {
      for (const spelling of ["78704", " 78704 ", "78704-0001", "Austin, TX 78704", "78704-1234", "drinking liberally near Austin, TX 78704"]) {
        answers.push(await search(spelling, "192.0.2.1"));
      }
      // As the finder's form sends it: "+" for a space, and an empty type (every type).
      answers.push(await open("/?place=Austin%2C+TX+78704&type=", "192.0.2.1"));
    });
    expect(rendered).toEqual(["/?place=78704"]);
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
    expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
    expect(answers[0].text).toContain('value="Austin, TX 78704"');
    expect(answers[0].text).toContain("Austin, TX 78704");
    expect(answers[0].text).toContain(escapeHtml(JSON.stringify({ place: "78704", placeNotFound: false, type: "" })));
    expect(chosenType(answers[0].text)).toBe("");
  }, 120_000);

  it("is a page for each chapter type searched for; an empty type, or one that is no type, is every type", async () => {
    await search("78701", "192.0.2.3");
    const answers: Record<string, Awaited<ReturnType<typeof search>>> = {};
    const rendered = await rendersDuring(async () => {
      for (const type of ["drinking", "Drinking", "laughing", "", "brewing"]) answers[type] = await open(`/?place=78701&type=${type}`, "192.0.2.3");
    });
    expect(rendered).toEqual(["/?place=78701&type=drinking", "/?place=78701&type=laughing"]);
    expect(answers.Drinking.headers.get("etag")).toBe(answers.drinking.headers.get("etag"));
    expect(answers.brewing.headers.get("etag")).toBe(answers[""].headers.get("etag"));
    expect(chosenType(answers.drinking.text)).toBe("drinking");
    expect(answers.drinking.text).toContain(escapeHtml(JSON.stringify({ place: "78701", placeNotFound: false, type: "drinking" })));
    expect(answers.drinking.text).toContain("Nearest Drinking Liberally chapters to Austin, TX 78701");
    expect(answers.laughing.text).toContain("No Laughing Liberally chapter within 50 miles of Austin, TX 78701.");
    expect(chosenType(answers.brewing.text)).toBe("");
    // The type is the home page's alone.
    const elsewhere = await rendersDuring(async () => {
      await t.request("GET", "/chapters/tx", { headers: { accept: "text/html" } });
      await t.request("GET", "/chapters/tx?type=drinking", { headers: { accept: "text/html" } });
    });
    expect(elsewhere.filter((location) => location.includes("type"))).toEqual([]);
  }, 120_000);

  it("answers a place not found with the chapter type searched for still chosen", async () => {
    const rendered = await rendersDuring(async () => {
      const answer = await open("/?place=Nowhere+Qq&type=laughing", "192.0.2.4");
      expect(answer.text).toContain(NOT_FOUND_NOTICE);
      expect(answer.text).toContain('value="Nowhere Qq"');
      expect(chosenType(answer.text)).toBe("laughing");
    });
    expect(rendered).toEqual([`${NOT_FOUND_LOCATION}&type=laughing`]);
  }, 120_000);

  it("answers every place that cannot be found from one kept page, with what was typed in its search box", async () => {
    const typed = [...Array.from({ length: 20 }, (_, i) => `Nowhere ${i} Qq`), `"><script>alert(1)</script> $& $' Qq\u0007Zz`];
    const answers: Awaited<ReturnType<typeof search>>[] = [];
    const rendered = await rendersDuring(async () => {
      for (const place of typed) answers.push(await search(place, "192.0.2.2"));
    });
    // At most the page of places not found, once (an earlier search may have rendered it).
    expect(rendered.filter((location) => location !== NOT_FOUND_LOCATION)).toEqual([]);
    expect(rendered.length).toBeLessThanOrEqual(1);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(NOT_FOUND_NOTICE);
      if (i >= 20) return;
      expect(answer.text).toContain(`value="${typed[i]}"`);
      // Nothing another visitor typed, nor this one's text anywhere else on the page.
      expect(answer.text).not.toContain(i === 0 ? "Nowhere 1 Qq" : "Nowhere 0 Qq");
      expect(answer.text.split(typed[i]).length).toBe(2);
    });
    // Escaped for the attribute, its control characters as spaces.
    const hostile = answers.at(-1)!.text;
    expect(hostile).not.toContain("<script>alert(1)");
    expect(hostile).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; Qq Zz"');
    // Each answer is the same for everyone asking with the same text: its ETag answers 304.
    const etag = answers[0].headers.get("etag")!;
    expect(answers[1].headers.get("etag")).not.toBe(etag);
    expect((await search(typed[0], "192.0.2.2", { "if-none-match": etag })).status).toBe(304);
  }, 120_000);

  it("is no page of its own on another page: only the home page has a finder", async () => {
    await t.request("GET", "/chapters/tx", { headers: { accept: "text/html" } });
    const rendered = await rendersDuring(async () => {
      const a = await t.request("GET", "/chapters/tx?place=Anywhere%201", { headers: { accept: "text/html" } });
      const b = await t.request("GET", "/chapters/tx?place=78704", { headers: { accept: "text/html" } });
      expect([a.status, b.status]).toEqual([200, 200]);
    });
    expect(rendered).toEqual([]);
  }, 120_000);

  it("is rendered for at most RATE_LIMITS placePages new places an hour from one address; kept pages still answer", async () => {
    const address = "198.51.100.7";
    const places = ["10001", "60601", "98101"];
    const rendered = await rendersDuring(async () => {
      for (const place of places) expect((await search(place, address)).status).toBe(200);
      const refused = await search("94103", address);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(refused.text).toMatch(/Too many searches for new places from your address\. Please try again in \d+ minutes?\./);
      // What is kept still answers: a place searched for before (in another spelling), a place not found, the home page.
      expect((await search(" 10001 ", address)).status).toBe(200);
      expect((await search("Nowhere Qq", address)).text).toContain(NOT_FOUND_NOTICE);
      // And the place's answer from the API, which the browser reads.
      expect((await t.request("GET", "/api/chapters/near?place=94103", { headers: { "x-forwarded-for": address } })).status).toBe(200);
      // Another address has renders of its own.
      expect((await search("94103", "198.51.100.8")).status).toBe(200);
    });
    expect(rendered.filter((location) => location !== NOT_FOUND_LOCATION)).toEqual([...places, "94103"].map((zip) => `/?place=${zip}`));
    expect(NEW_PLACES_AN_HOUR).toBe(places.length);
  }, 120_000);
});
