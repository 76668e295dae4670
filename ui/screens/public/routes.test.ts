import { describe, expect, it } from "vitest";
import { createRoutesFromElements, type RouteObject } from "react-router-dom";
import type { QueryKey } from "@tanstack/react-query";
import { chapterQueries } from "../../api/chapters";
import { contentQueries } from "../../api/content";
import { pressMentionQueries } from "../../api/pressMentions";
import { sitemapOf, type Answer, type RouteData } from "../../lib/routeData";
import { publicRoutes } from "./routes";

const day = (d: number) => `2030-01-${String(d).padStart(2, "0")}T00:00:00.000Z`;

/** Route data whose reads answer these lists by query key (404 for any other; `failing` answers 500). */
function dataAnswering(lists: [QueryKey, unknown][], failing?: QueryKey): RouteData {
  const byKey = new Map(lists.map(([key, list]) => [JSON.stringify(key), list]));
  const answerOf = (key: QueryKey): Answer<unknown> => {
    if (failing && JSON.stringify(key) === JSON.stringify(failing)) return { status: 500 };
    return byKey.has(JSON.stringify(key)) ? { status: 200, data: byKey.get(JSON.stringify(key)) } : { status: 404 };
  };
  return {
    params: {},
    search: new URLSearchParams(),
    read: async (options) => answerOf(options.queryKey).data as never,
    answer: async (options) => answerOf(options.queryKey) as never,
    readPages: async () => {},
  };
}

const lists: [QueryKey, unknown][] = [
  [
    chapterQueries.activeDates().queryKey,
    [
      { slug: "austin", state: "tx", updatedAt: day(3) },
      { slug: "paris", state: "int", updatedAt: day(5) },
      { slug: "el paso", state: "tx", updatedAt: day(4) },
      { slug: "odd", state: "zz", updatedAt: day(9) },
    ],
  ],
  [
    contentQueries.publicDates("page").queryKey,
    [
      { slug: "about", updatedAt: day(1) },
      { slug: "admin", updatedAt: day(2) },
    ],
  ],
  [contentQueries.publicDates("wiki").queryKey, [{ slug: "guide", updatedAt: day(6) }]],
  [contentQueries.publicDates("blog").queryKey, [{ slug: "news", updatedAt: null }]],
  [
    pressMentionQueries.publicDates().queryKey,
    [
      { slug: "times", updatedAt: day(7) },
      { slug: "post", updatedAt: day(8) },
    ],
  ],
];

describe("the sitemap, from the public route table", () => {
  it("lists what each route's handle states, in the table's order, dated from the answers it reads", async () => {
    const entries = await sitemapOf(createRoutesFromElements(publicRoutes()), dataAnswering(lists));
    expect(entries).toEqual([
      { path: "/", lastmod: day(9) },
      { path: "/press_mentions", lastmod: day(8) },
      { path: "/intro_start_chapter" },
      { path: "/start_chapter" },
      { path: "/chapters/int", lastmod: day(5) },
      { path: "/chapters/tx", lastmod: day(4) },
      { path: "/chapter/tx/austin", lastmod: day(3) },
      { path: "/chapter/int/paris", lastmod: day(5) },
      { path: "/chapter/tx/el%20paso", lastmod: day(4) },
      { path: "/chapter/zz/odd", lastmod: day(9) },
      { path: "/about", lastmod: day(1) },
      { path: "/page/admin", lastmod: day(2) },
      { path: "/wiki/guide", lastmod: day(6) },
      { path: "/blog/news", lastmod: null },
    ]);
  });

  it("walks nested routes, parents first, and leaves out routes whose handle lists nothing", async () => {
    const listing = (path: string) => ({ load: async () => undefined, sitemap: async () => [{ path }] });
    const table: RouteObject[] = [
      {
        path: "/",
        handle: listing("/a"),
        children: [
          { path: "b", handle: listing("/a/b") },
          { path: "c", handle: { load: async () => undefined } },
        ],
      },
      { path: "d", children: [{ path: "e", handle: listing("/d/e") }] },
    ];
    expect(await sitemapOf(table, dataAnswering([]))).toEqual([{ path: "/a" }, { path: "/a/b" }, { path: "/d/e" }]);
  });

  it("fails when a list it is made of cannot be read, rather than leave its pages out", async () => {
    const routes = createRoutesFromElements(publicRoutes());
    await expect(sitemapOf(routes, dataAnswering(lists, contentQueries.publicDates("wiki").queryKey))).rejects.toThrow("The list's read failed (500)");
  });
});
