import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { sitemapSchemaErrors } from "../test/sitemapSchema";
import { DateTime } from "luxon";
import { buildChapter, buildEvent } from "../test/factories";
import { meetupHoursFromNow } from "../test/meetupTimes";
import { buildBlogPost, buildPage, buildPressMention, buildWikiPage } from "../test/siteAdminFactories";
import { CHAPTER_HIDDEN, type Chapter } from "../models/Chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { summarize } from "../contracts/pageHead";
import { pagePath } from "../contracts/content";
import { escapeHtml, scriptJson, withHead } from "./head";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Generic" />
    <title>Living Liberally</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let austin: Chapter;

/** What a link preview or a crawler reads: the head of the HTML, without running any script. */
function head(html: string) {
  const headHtml = html.slice(0, html.indexOf("</head>"));
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(headHtml)?.[1];
  const jsonLd = [...headHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return {
    title: /<title>([^<]*)<\/title>/.exec(headHtml)?.[1],
    titles: headHtml.match(/<title>/g)?.length ?? 0,
    meta,
    jsonLd,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(headHtml)?.[1],
  };
}

beforeAll(async () => {
  // The head alone: rendering the page itself is tested in ssr.test.ts.
  t = await startTestApp({ PUBLIC_URL: "https://example.org", SSR: "false" }, { uiIndex: INDEX });
  austin = await buildChapter({
    slug: "austin",
    title: "Drinking Liberally",
    city: "Austin",
    state: "tx",
    timeZone: "America/Chicago",
    about: "We meet for **beers** and talk.",
  });
  await buildEvent(austin, {
    name: "The Scoot Inn",
    city: "Austin",
    state: "TX",
    postalCode: "78702",
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: "0",
    startTime: "19:00",
  });
});
afterAll(async () => t.close());

describe("a chapter page's HTML, read without a browser", () => {
  it("names the chapter, its type, its city and its next meetup, with previews and JSON-LD of its events", async () => {
    const res = await t.request("GET", "/chapter/tx/austin", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const h = head(res.text);
    // Its name with its type (the title is the type's name alone, so the city goes first).
    expect(h.title).toBe("Austin Drinking Liberally | Living Liberally");
    expect(h.titles).toBe(1);
    expect(h.canonical).toBe("https://example.org/chapter/tx/austin");
    const description = h.meta("description")!;
    expect(description).toMatch(
      /^A Drinking Liberally chapter in Austin, TX\. Next meetup: \w+day, \w+ \d{1,2}, 20\d\d, 7:00 PM at The Scoot Inn\. We meet for beers and talk\.$/,
    );
    expect(h.meta("og:title")).toBe(h.title);
    expect(h.meta("og:description")).toBe(description);
    expect(h.meta("og:url")).toBe("https://example.org/chapter/tx/austin");
    expect(h.meta("og:image")).toBe(`https://example.org/og/chapter_type/${austin.chapterTypeId}.png`);
    expect(h.meta("og:image:alt")).toBe("Austin Drinking Liberally");
    expect(h.meta("twitter:title")).toBe(h.title);
    expect(h.meta("twitter:card")).toBe("summary_large_image");
    expect(h.meta("robots")).toBeUndefined();

    const [org] = h.jsonLd;
    expect(org["@type"]).toBe("Organization");
    expect(org.name).toBe("Austin Drinking Liberally");
    const events = org.event as {
      startDate: string;
      name: string;
      organizer: { name: string };
      location: { name: string; address: { addressLocality: string } };
    }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0].name).toBe("Austin Drinking Liberally at The Scoot Inn");
    expect(events[0].organizer.name).toBe("Austin Drinking Liberally");
    expect(events[0].location.name).toBe("The Scoot Inn");
    expect(events[0].location.address.addressLocality).toBe("Austin");
    // The first Tuesday of a month, 7 pm in Austin, and no earlier than now.
    const first = new Date(events[0].startDate);
    expect(first.getTime()).toBeGreaterThan(Date.now() - 24 * 3600_000);
    expect(events[0].startDate).toMatch(/T19:00:00-0[56]:00$/);
    // The description's next meetup is the JSON-LD's first date.
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(
      first,
    );
    expect(description).toContain(`Next meetup: ${day}, 7:00 PM`);
  });

  it("lists the four dates the page lists, and a cancelled meetup within them as EventCancelled", async () => {
    const boise = await buildChapter({ slug: "boise-jsonld", city: "Boise", title: "Drinking Liberally", state: "id", timeZone: "America/Boise" });
    await buildEvent(boise, { name: "Bardenay", dayOfWeekIndex: 2, weeksOfMonthIndexes: "0", startTime: "19:00" });
    const thursdays = await buildEvent(boise, { name: "Thursday Pub", dayOfWeekIndex: 4, weeksOfMonthIndexes: "0", startTime: "18:00" });
    type LdEvent = { startDate: string; endDate: string; eventStatus: string; location: { name: string } };
    const events = async () =>
      head((await t.request("GET", "/chapter/id/boise-jsonld", { headers: { accept: "text/html" } })).text).jsonLd[0].event as LdEvent[];
    const scheduled = (list: LdEvent[]) => list.filter((e) => e.eventStatus === "https://schema.org/EventScheduled");

    const before = await events();
    // Two weekly events: the page lists four dates (Next Event and three more), and so does its JSON-LD.
    expect(before).toHaveLength(4);
    expect(scheduled(before)).toHaveLength(4);
    const starts = before.map((e) => Date.parse(e.startDate));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const e of before) expect(Date.parse(e.endDate)).toBeGreaterThan(Date.parse(e.startDate));

    // The Thursday meetup among the four is cancelled: it stays, marked cancelled, and the next real date joins.
    const cancelled = before.find((e) => e.location.name === "Thursday Pub")!;
    const date = cancelled.startDate.slice(0, 10);
    await ChapterEvent.query()
      .patch({ cancelledDates: [{ date, note: "Closed for a private party" }] })
      .findById(thursdays.id);
    const after = await events();
    expect(scheduled(after)).toHaveLength(4);
    const marked = after.filter((e) => e.eventStatus === "https://schema.org/EventCancelled");
    expect(marked.map((e) => [e.location.name, e.startDate])).toEqual([["Thursday Pub", cancelled.startDate]]);
    expect(scheduled(after).some((e) => e.startDate === cancelled.startDate)).toBe(false);
  });

  it("lists no meetup that has ended as an Event or as the next meetup, though it started less than 12 hours ago", async () => {
    const zone = "America/Denver";
    const boulder = await buildChapter({ slug: "boulder-ended", city: "Boulder", title: "Boulder", state: "co", timeZone: zone });
    const ended = meetupHoursFromNow(zone, -3, -1);
    await buildEvent(boulder, { ...ended.weekly, name: "Ended Tavern" });
    await buildEvent(boulder, {
      name: "Later Pub",
      isSingleDate: true,
      singleDate: DateTime.now().setZone(zone).plus({ days: 3 }).toISODate()!,
      dayOfWeekIndex: null,
    });
    const h = head((await t.request("GET", "/chapter/co/boulder-ended", { headers: { accept: "text/html" } })).text);
    const events = h.jsonLd[0].event as { name: string; startDate: string }[];
    expect(events.map((e) => e.startDate.slice(0, 10))).not.toContain(ended.date);
    expect(events[0].name).toBe("Boulder Drinking Liberally at Later Pub");
    expect(h.meta("description")).toContain("Next meetup:");
    expect(h.meta("description")).toContain("at Later Pub.");
  });

  it("uses the chapter's own header image when it has one", async () => {
    const other = await buildChapter({ slug: "boise", city: "Boise", title: "Drinking Liberally", state: "id" });
    const { UploadedImage } = await import("../models/UploadedImage");
    await UploadedImage.query().insert({ name: `chapter_header_${other.id}.jpg`, contentType: "image/jpeg", data: Buffer.from("x"), byteSize: 1, etag: "e" });
    const h = head((await t.request("GET", "/chapter/id/boise", { headers: { accept: "text/html" } })).text);
    expect(h.meta("og:image")).toBe(`https://example.org/assets/images/uploads/chapter_header_${other.id}.jpg?v=e`);
  });

  it("keeps a hidden chapter out of search engines and says nothing of its meetups", async () => {
    const hidden = await buildChapter({ slug: "hidden_one", city: "Tulsa", title: "Drinking Liberally", state: "ok", status: CHAPTER_HIDDEN });
    await buildEvent(hidden, { name: "Secret Bar" });
    const res = await t.request("GET", "/chapter/ok/hidden_one", { headers: { accept: "text/html" } });
    const h = head(res.text);
    expect(h.meta("robots")).toBe("noindex");
    expect(res.text).not.toContain("Secret Bar");
    expect(h.jsonLd).toEqual([]);
  });

  it("answers 404 with noindex for a chapter that does not exist, still serving the app", async () => {
    const res = await t.request("GET", "/chapter/tx/nowhere", { headers: { accept: "text/html" } });
    expect(res.status).toBe(404);
    expect(head(res.text).meta("robots")).toBe("noindex");
    expect(res.text).toContain('<div id="root"></div>');
  });

  it("escapes what people wrote, in attributes and in JSON-LD", async () => {
    await buildChapter({ slug: "xss", city: `Evil "City"`, title: `</script><script>alert(1)</script>`, state: "tx" });
    const res = await t.request("GET", "/chapter/tx/xss", { headers: { accept: "text/html" } });
    expect(res.text).not.toContain("<script>alert(1)");
    const h = head(res.text);
    expect(h.jsonLd[0].name).toBe(`</script><script>alert(1)</script> Drinking Liberally`);
    expect(h.meta("og:title")).toBe(escapeHtml(`</script><script>alert(1)</script> Drinking Liberally | Living Liberally`));
  });
});

describe("the other public pages", () => {
  it("gives the home page the network's Organization and a state page its count", async () => {
    const home = head((await t.request("GET", "/", { headers: { accept: "text/html" } })).text);
    expect(home.title).toBe("Living Liberally: find a chapter near you");
    expect(home.jsonLd.map((j) => j["@type"])).toEqual(["Organization", "WebSite"]);
    const tx = head((await t.request("GET", "/chapters/tx", { headers: { accept: "text/html" } })).text);
    expect(tx.title).toBe("Texas | Living Liberally");
    expect(tx.meta("description")).toMatch(/^\d+ Living Liberally chapters meet in Texas\./);
  });

  it("describes pages, wiki pages and blog posts by their text, and keeps non-public ones out", async () => {
    await buildPage({ slug: "volunteer", title: "Volunteer", body: "## Help out\n\nWe need [hosts](https://x.org) in every town." });
    await buildWikiPage({ slug: "secret_wiki", title: "Internal", body: "private", isPublic: false });
    const post = await buildBlogPost({ slug: "news", title: "Big news", body: "Ten new chapters." });
    const page = head((await t.request("GET", "/page/volunteer", { headers: { accept: "text/html" } })).text);
    expect(page.title).toBe("Volunteer | Living Liberally");
    expect(page.canonical).toBe("https://example.org/volunteer");
    expect(head((await t.request("GET", "/volunteer", { headers: { accept: "text/html" } })).text).title).toBe("Volunteer | Living Liberally");
    expect(page.meta("description")).toBe("Help out We need hosts in every town.");
    const wiki = head((await t.request("GET", "/wiki/secret_wiki", { headers: { accept: "text/html" } })).text);
    expect(wiki.meta("robots")).toBe("noindex");
    expect(wiki.meta("description")).not.toContain("private");
    const blog = head((await t.request("GET", `/blog/${post.slug}`, { headers: { accept: "text/html" } })).text);
    expect(blog.meta("og:type")).toBe("article");
    expect(blog.jsonLd[0].headline).toBe("Big news");
  });

  it("gives non-public pages, blog posts and wiki pages the head of a page that does not exist, and leaves unknown /{slug} paths to the browser", async () => {
    await buildPage({ slug: "draft_page", title: "Secret plans", body: "not yet", isPublic: false });
    const draft = await buildBlogPost({ slug: "draft_news", title: "Secret news", body: "not yet", isPublic: false });
    await buildWikiPage({ slug: "draft_wiki", title: "Secret wiki", body: "not yet", isPublic: false });
    for (const path of ["/page/draft_page", `/blog/${draft.slug}`, "/wiki/draft_wiki"]) {
      const res = await t.request("GET", path, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(404);
      const h = head(res.text);
      expect(h.title, path).toBe("Page not found | Living Liberally");
      expect(h.meta("robots"), path).toBe("noindex");
      expect(res.text, path).not.toContain("Secret");
    }
    // A draft at /{slug} is an unknown path, left to the browser like any other.
    const atSlug = await t.request("GET", "/draft_page", { headers: { accept: "text/html" } });
    expect([atSlug.status, head(atSlug.text).title]).toEqual([200, "Living Liberally"]);
    const unknown = await t.request("GET", "/no_such_slug", { headers: { accept: "text/html" } });
    expect(unknown.status).toBe(200);
    expect(head(unknown.text).title).toBe("Living Liberally");
    const missing = await t.request("GET", "/page/no_such_slug", { headers: { accept: "text/html" } });
    expect(missing.status).toBe(404);
    expect(head(missing.text).title).toBe("Page not found | Living Liberally");
  });

  it("leaves account and admin screens with the generic head", async () => {
    const res = await t.request("GET", "/admin/users", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(head(res.text).title).toBe("Living Liberally");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page with its last change, and nothing hidden or private", async () => {
    await buildPressMention({ title: "In the Times" });
    const res = await t.request("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("https://example.org/");
    expect(locs).toContain("https://example.org/chapter/tx/austin");
    expect(locs).toContain("https://example.org/chapters/tx");
    expect(locs).toContain("https://example.org/volunteer");
    expect(locs).toContain("https://example.org/press_mentions");
    expect(locs.some((l) => l.includes("hidden_one"))).toBe(false);
    expect(locs.some((l) => l.includes("secret_wiki"))).toBe(false);
    expect(res.text).toMatch(/<loc>https:\/\/example\.org\/chapter\/tx\/austin<\/loc><lastmod>20\d\d-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect(sitemapSchemaErrors(res.text)).toEqual([]);
  });

  it("lists the pages the route table's handles read from the public API answers, with their dates, and no page the public may not read", async () => {
    await buildPage({ slug: "not_yet_public", title: "Draft", isPublic: false });
    await buildPage({ slug: "admin", title: "Old page at a reserved slug" });
    const res = await t.request("GET", "/sitemap.xml");
    const entries = [...res.text.matchAll(/<url><loc>https:\/\/example\.org([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [
      m[1],
      m[2] ?? null,
    ]);
    const listed = async (path: string) => (await t.request("GET", path)).body as { slug: string; updatedAt: string | null }[];
    const pages = await listed("/api/page/public/dates");
    const chapters = (await t.request("GET", "/api/chapters/active/dates")).body as { slug: string; state: string; updatedAt: string }[];
    // The page route's handle (page/:slug) lists every public page at its address, dated as the API answers it.
    expect(pages.map((p) => p.slug)).toContain("volunteer");
    for (const p of pages) expect(entries).toContainEqual([pagePath(p.slug), p.updatedAt]);
    expect(entries).toContainEqual(["/page/admin", expect.any(String)]);
    expect(entries.some(([path]) => path!.includes("not_yet_public"))).toBe(false);
    // The chapter route's handle lists the active chapters as their answer does, in its order, after the fixed pages and the states.
    const chapterEntries = entries.filter(([path]) => path!.startsWith("/chapter/"));
    expect(chapterEntries).toEqual(chapters.map((c) => [`/chapter/${c.state}/${encodeURIComponent(c.slug)}`, c.updatedAt]));
    expect(entries.slice(0, 4).map(([path]) => path)).toEqual(["/", "/press_mentions", "/intro_start_chapter", "/start_chapter"]);
    expect(entries.findIndex(([path]) => path!.startsWith("/chapters/"))).toBe(4);
    expect(entries.findIndex(([path]) => path === "/volunteer")).toBeGreaterThan(entries.indexOf(chapterEntries.at(-1)!));
  });

  it("follows changes: a new chapter is listed on the next read, and an unchanged sitemap answers 304", async () => {
    const first = await t.request("GET", "/sitemap.xml");
    const again = await t.request("GET", "/sitemap.xml", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    await buildChapter({ slug: "reno", city: "Reno", title: "Drinking Liberally", state: "nv" });
    const changed = await t.request("GET", "/sitemap.xml", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("https://example.org/chapter/nv/reno");
  });

  it("keeps crawlers out of the API and the admin areas and points them at the sitemap", async () => {
    const res = await t.request("GET", "/robots.txt");
    expect(res.text).toContain("Disallow: /api/\n");
    expect(res.text).toContain("Disallow: /admin\n");
    expect(res.text).toContain("Disallow: /chapter/*/*/admin\n");
    expect(res.text).toContain("Sitemap: https://example.org/sitemap.xml");
  });

  it("draws a preview image per chapter type", async () => {
    const res = await fetch(`${t.baseUrl}/og/chapter_type/${austin.chapterTypeId}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect((await fetch(`${t.baseUrl}/og/chapter_type/999.png`)).status).toBe(404);
  });
});

describe("head helpers", () => {
  it("keeps JSON-LD from closing its script element", () => {
    expect(scriptJson({ a: "</script><!--" })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });
  it("shortens descriptions at a word", () => {
    expect(summarize("one two three four", 12)).toBe("one two…");
    expect(summarize("  short\n text ")).toBe("short text");
  });
  it("replaces the generic title and description", () => {
    const html = withHead(INDEX, "<title>X</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain("Generic");
  });
});
