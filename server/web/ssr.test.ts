import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildChapter, buildEvent, buildHost } from "../test/factories";
import { CHAPTER_HIDDEN } from "../models/Chapter";
import { SSR_STATE_ID } from "../contracts/ssr";

const INDEX = TEST_INDEX_HTML;

let t: TestApp;

/** The page as a crawler or a browser with JavaScript off gets it: markup only. */
async function html(pathname: string, headers: Record<string, string> = {}) {
  const res = await t.request("GET", pathname, { headers: { accept: "text/html", ...headers } });
  const root = res.text.slice(res.text.indexOf('<div id="root">'), res.text.indexOf(`<script id="${SSR_STATE_ID}"`));
  const text = root
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  const stateJson = new RegExp(`<script id="${SSR_STATE_ID}" type="application/json"[^>]*>([\\s\\S]*?)</script>`).exec(res.text)?.[1];
  return { res, root, text, state: stateJson ? (JSON.parse(stateJson) as { queries: { queryKey: unknown[] }[] }) : null };
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: INDEX });
  const austin = await buildChapter({
    slug: "austin",
    title: "Drinking Liberally",
    city: "Austin",
    state: "tx",
    timeZone: "America/Chicago",
    about: "We meet for **beers** and talk.",
  });
  await buildEvent(austin, {
    name: "The Scoot Inn",
    address1: "1308 E 4th St",
    city: "Austin",
    state: "TX",
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: "0",
    startTime: "19:00",
    endTime: "21:00",
  });
  await buildHost(austin);
}, 120_000);
afterAll(async () => t.close());

describe("public pages rendered on the server", () => {
  it("a chapter page carries its title, about text, next meetup and host in the HTML, styled, with the answers it read", async () => {
    const { res, root, text, state } = await html("/chapter/tx/austin");
    expect(res.status).toBe(200);
    // The heading is the chapter's title, with its type beside it.
    expect(root).toMatch(
      /<h1[^>]*><a[^>]*href="\/chapter\/tx\/austin"[^>]*>Austin: Drinking Liberally<\/a><\/h1><span[^>]*data-testid="chapter-type"[^>]*>Drinking Liberally<\/span>/,
    );
    expect(text).toContain("We meet for beers and talk.");
    expect(text).toContain("The Scoot Inn");
    expect(text).toContain("1308 E 4th St");
    expect(text).toContain("Hal Host");
    // The next meetup as the head describes it: the first Tuesday at 7 pm, Austin time.
    const head = /<meta name="description" content="[^"]*Next meetup: (\w+day), (\w+) (\d+), \d{4}/.exec(res.text)!;
    expect(text).toMatch(new RegExp(`${head[2].slice(0, 3)}\\w* ${head[3]}\\b`));
    // Chakra's styles come in the head, every class the markup uses among them, so the first paint is styled;
    // none are inside the markup (a <style> element there is not valid HTML).
    const inHead = res.text.slice(0, res.text.indexOf("</head>"));
    const styled = new Set([...inHead.matchAll(/<style data-emotion="css ([^"]*)">/g)].flatMap((m) => m[1].split(" ")));
    const used = [...new Set([...root.matchAll(/\bcss-([a-z0-9]+)\b/g)].map((m) => m[1]))];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((id) => !styled.has(id))).toEqual([]);
    expect(root).not.toContain("<style");
    // The browser gets the chapter's answer and hydrates with it instead of asking again.
    expect(state!.queries.map((q) => q.queryKey.join("/"))).toEqual(expect.arrayContaining(["chapters/slug/austin", "auth/user"]));
    // No inline script that a Content-Security-Policy without 'unsafe-inline' would block.
    expect(res.text.match(/<script(?![^>]*(type="application\/(ld\+)?json"|src=))[^>]*>/g)).toBeNull();
  }, 60_000);

  it("writes the head its route's handle made from the answers the page renders with, and the 404 of a chapter that does not exist", async () => {
    const { res } = await html("/chapter/tx/austin");
    const inHead = res.text.slice(0, res.text.indexOf("</head>"));
    expect(inHead.match(/<title>/g)).toHaveLength(1);
    expect(inHead).toContain("<title>Austin Drinking Liberally | Living Liberally</title>");
    expect(inHead).toContain('<link rel="canonical" href="https://example.org/chapter/tx/austin" />');
    const [org] = [...inHead.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(org.event[0].location.name).toBe("The Scoot Inn");
    expect(org.event[0].location.address.streetAddress).toBe("1308 E 4th St");
    const missing = await html("/chapter/tx/nowhere");
    expect(missing.res.status).toBe(404);
    expect(missing.res.text).toContain('<meta name="robots" content="noindex" />');
    expect(missing.res.text).toContain("<title>Chapter not found | Living Liberally</title>");
  }, 60_000);

  it("a chapter page lists four dates, Next Event and three More Upcoming Events, whatever the number of events", async () => {
    const chapter = await buildChapter({ slug: "boise", city: "Boise", title: "Drinking Liberally", state: "id", timeZone: "America/Boise" });
    await buildEvent(chapter, { name: "Bardenay", dayOfWeekIndex: 2, weeksOfMonthIndexes: "0", startTime: "19:00" });
    await buildEvent(chapter, { name: "Thursday Pub", dayOfWeekIndex: 4, weeksOfMonthIndexes: "0", startTime: "18:00" });
    const { root } = await html("/chapter/id/boise");
    const more = /<ul[^>]*data-testid="more-upcoming"[^>]*>([\s\S]*?)<\/ul>/.exec(root)?.[1] ?? "";
    expect(more.match(/<li/g)).toHaveLength(3);
  }, 60_000);

  it("renders the state page with its chapters, and the signed-in visitor's own header", async () => {
    const anonymous = await html("/chapters/tx");
    expect(anonymous.text).toContain("Texas");
    expect(anonymous.text).toContain("Austin: Drinking Liberally");
    expect(anonymous.text).toContain("Sign In");

    const { buildUser } = await import("../test/factories");
    const user = await buildUser({ name: "Sam Visitor" });
    const token = await t.tokenFor(user);
    const signedIn = await html("/chapters/tx", { cookie: `ch_session=${token}` });
    expect(signedIn.text).toContain("Hi, Sam Visitor!");
  }, 60_000);

  it("reads the page's answers in its own process: no connection or request from the server to itself", async () => {
    const chapter = await buildChapter({ slug: "waco", city: "Waco", title: "Drinking Liberally", state: "tx", timeZone: "America/Chicago" });
    await buildEvent(chapter, { name: "Dichotomy Coffee", dayOfWeekIndex: 3, weeksOfMonthIndexes: "0", startTime: "18:00" });
    const { buildUser } = await import("../test/factories");
    const token = await t.tokenFor(await buildUser({ name: "Wes Waco" }));
    const seen = { connections: 0, requests: [] as string[] };
    const onConnection = () => void seen.connections++;
    const onRequest = (req: { url?: string }) => void seen.requests.push(req.url ?? "");
    t.server.on("connection", onConnection);
    t.server.on("request", onRequest);
    try {
      // Neither page is kept (a new chapter; a signed-in visitor): each is rendered for its request.
      const anonymous = await html("/chapter/tx/waco");
      const signedIn = await html("/chapter/tx/waco", { cookie: `ch_session=${token}` });
      expect(anonymous.text).toContain("Dichotomy Coffee");
      expect(signedIn.text).toContain("Dichotomy Coffee");
      expect(signedIn.text).toContain("Hi, Wes Waco!");
      expect(signedIn.state!.queries.map((q) => q.queryKey.join("/"))).toEqual(expect.arrayContaining(["chapters/slug/waco", "auth/user"]));
    } finally {
      t.server.off("connection", onConnection);
      t.server.off("request", onRequest);
    }
    // The test's own two requests, on at most one connection each: none went from the server to itself.
    expect(seen.requests).toEqual(["/chapter/tx/waco", "/chapter/tx/waco"]);
    expect(seen.connections).toBeLessThanOrEqual(2);
  }, 60_000);

  it("a hidden chapter shows the public what the app shows, and nothing of its meetups", async () => {
    const hidden = await buildChapter({ slug: "tulsa", city: "Tulsa", title: "Drinking Liberally", state: "ok", status: CHAPTER_HIDDEN });
    await buildEvent(hidden, { name: "Secret Bar" });
    const { text, root } = await html("/chapter/ok/tulsa");
    expect(text).toContain("This Chapter is not active.");
    expect(text).not.toContain("Secret Bar");
    // A way on: the state's chapters, and the active chapters nearest it.
    expect(root).toContain('href="/chapters/ok"');
    expect(text).toContain("See the chapters in Oklahoma");
    expect(text).toContain("Active chapters near Tulsa");
    expect(text).toMatch(/Austin Drinking Liberally \(\d+(\.\d)? mi\)/);
    expect(root).toContain('href="/chapter/tx/austin"');
  }, 60_000);

  it("names the lazily loaded parts it rendered, which the browser loads before hydrating (one pass, no input lost)", async () => {
    const lazyOf = (res: { text: string }) =>
      new RegExp(`<script id="${SSR_STATE_ID}" type="application/json" data-lazy="([^"]*)"`).exec(res.text)?.[1].split(" ");
    expect(lazyOf((await html("/start_chapter")).res)).toEqual(expect.arrayContaining(["StartChapter"]));
    // The map is drawn in the browser: its outlines are not in the page.
    const chapter = await html("/chapter/tx/austin");
    expect(lazyOf(chapter.res)).not.toContain("OfflineMap");
    expect(chapter.state!.queries.map((q) => q.queryKey[0])).not.toContain("outlines");
    expect(chapter.text).toContain("Map loading...");
  }, 60_000);

  it("renders a draft page, blog post or wiki page as one that does not exist, signed out and signed in, and the real one to an admin", async () => {
    const { buildAdmin, buildUser } = await import("../test/factories");
    const { buildBlogPost, buildPage, buildWikiPage } = await import("../test/siteAdminFactories");
    const page = await buildPage({ slug: "draft_plans", title: "Secret plans", body: "not yet", isPublic: false });
    const post = await buildBlogPost({ slug: "draft_news", title: "Secret news", body: "not yet", isPublic: false });
    const wiki = await buildWikiPage({ slug: "draft_wiki", title: "Secret wiki", body: "not yet", isPublic: false });
    const signedIn = { cookie: `ch_session=${await t.tokenFor(await buildUser({ name: "Sam Visitor" }))}` };
    for (const [path, slug] of [
      ["/page/", page.slug],
      ["/", page.slug],
      ["/blog/", post.slug],
      ["/wiki/", wiki.slug],
    ]) {
      for (const headers of [{}, signedIn]) {
        const hidden = await html(path + slug, headers);
        const missing = await html(`${path}no_such_${slug}`, headers);
        // The same status and the same page, head and answers, but for the address and when its answers were read.
        const same = (text: string) => text.replaceAll(`no_such_${slug}`, slug).replace(/"(\w+At)":\d+/g, '"$1":0');
        expect(hidden.res.status, path + slug).toBe(missing.res.status);
        expect(same(hidden.res.text), path + slug).toBe(same(missing.res.text));
        expect(hidden.res.text, path + slug).not.toContain("Secret");
      }
    }
    expect((await html(`/page/${page.slug}`)).res.status).toBe(404);
    const asAdmin = await html(`/wiki/${wiki.slug}`, { cookie: `ch_session=${await t.tokenFor(await buildAdmin())}` });
    expect(asAdmin.res.status).toBe(200);
    expect(asAdmin.text).toContain("This page is not public. Only Admins can see it.");
    expect(asAdmin.text).toContain("not yet");
  }, 60_000);

  it("leaves the admin areas to the browser", async () => {
    const { res } = await html("/admin/users");
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain(SSR_STATE_ID);
  });
});
