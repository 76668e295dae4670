import type { ReactNode } from "react";
import { Route } from "react-router-dom";
import { STATES, type ChapterDetail, type ChapterWithEvents } from "../../../server/contracts/chapter";
import {
  HOME_PRESS_MENTION_COUNT,
  RESERVED_PAGE_SLUGS,
  pagePath,
  type BlogPostInfo,
  type PageInfo,
  type WikiPageInfo,
} from "../../../server/contracts/content";
import { chapterHead, contentHead, fixedHead, homeHead, latestDate, stateHead, type SitemapEntry } from "../../../server/contracts/pageHead";
import { chapterQueries } from "../../api/chapters";
import { contentQueries, type ContentKindKey } from "../../api/content";
import { mailingListQueries } from "../../api/mailingLists";
import { pressMentionQueries } from "../../api/pressMentions";
import { settingsQueries } from "../../api/settings";
import { listIdFor } from "../../lib/listId";
import { found, listed, type Answer, type RouteData, type RouteHandle, type RouteLoader } from "../../lib/routeData";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";
import { Home } from "./Home";
import { NEAREST_COUNT, finderPropsOf } from "./FindChapter";
import { StatePage } from "./StatePage";
import { ChapterPage, hiddenChapterPlace, NEAR_HIDDEN_CHAPTER } from "./ChapterPage";
import { firstStepsQueries } from "../../api/firstSteps";
import { ContentPage, WikiPageScreen, BlogPostScreen, PressMentionsScreen } from "./ContentPages";
import { Unsubscribe } from "./Unsubscribe";

// Screens few visitors open are their own chunks.
const IntroStartChapter = lazyNamed(() => import("./IntroStartChapter"), "IntroStartChapter");
const StartChapter = lazyNamed(() => import("./StartChapter"), "StartChapter");
const MyChapters = lazyNamed(() => import("./MyChapters"), "MyChapters");
const MyApplications = lazyNamed(() => import("./MyApplications"), "MyApplications");
const MyApplication = lazyNamed(() => import("./MyApplications"), "MyApplication");
const ConfirmSubscription = lazyNamed(() => import("./ConfirmSubscription"), "ConfirmSubscription");
const ConfirmMeetup = lazyNamed(() => import("./ConfirmMeetup"), "ConfirmMeetup");
const RsvpLink = lazyNamed(() => import("./RsvpLink"), "RsvpLink");

const lazyScreen = (node: ReactNode) => <LazyScreen>{node}</LazyScreen>;

/*
 * What each public page reads, stated beside its route (the route's handle, see ui/lib/routeData.ts), with the
 * options its screens read them with, and the page's head made from those answers: the server reads them before
 * it renders the page, renders it once, and writes the head.
 */
const siteConfig = ({ read }: RouteData) => read(settingsQueries.siteConfig());

const loadHome: RouteLoader = async (data) => {
  const { place, type } = finderPropsOf(data.search);
  await Promise.all([
    siteConfig(data),
    data.read(settingsQueries.frontPage()),
    data.read(chapterQueries.pins()),
    data.readPages(contentQueries.publicBlog()),
    data.read(pressMentionQueries.publicRecent(HOME_PRESS_MENTION_COUNT)),
    place ? data.read({ ...chapterQueries.near(place, NEAREST_COUNT, type), retry: false }) : undefined,
  ]);
};

const loadState: RouteLoader<Answer<ChapterWithEvents[]> | null> = async (data) => {
  const state = (data.params.state ?? "").toLowerCase();
  if (!STATES[state]) return null;
  const [chapters] = await Promise.all([data.answer(chapterQueries.state(state)), siteConfig(data), data.read(pressMentionQueries.publicState(state))]);
  return chapters;
};

const loadChapter: RouteLoader<Answer<ChapterDetail>> = async (data) => {
  const [answer, config] = await Promise.all([data.answer(chapterQueries.bySlug(data.params.slug ?? "")), siteConfig(data)]);
  const chapter = answer.data;
  if (!chapter) return answer;
  if (chapter.restricted) {
    const place = hiddenChapterPlace(chapter);
    if (place) await data.read(chapterQueries.near(place, NEAR_HIDDEN_CHAPTER));
    return answer;
  }
  await Promise.all([
    data.read(pressMentionQueries.publicChapter(chapter.id)),
    data.readPages(contentQueries.chapterPosts(chapter.id)),
    listIdFor(chapter, config ?? null) ? undefined : data.read(mailingListQueries.listId(chapter.id)),
    // A hidden chapter's host reads who can make it active (HiddenChapterNotice).
    chapter.status !== 1 && !chapter.abilities.fieldOrganize ? data.read(firstStepsQueries.chapter(chapter.id)) : undefined,
  ]);
  return answer;
};

/** Every active chapter's page and its last change, which the home page, the state pages and the chapters' pages are dated by. */
const activeChapterDates = async ({ answer }: RouteData) => listed(await answer(chapterQueries.activeDates()));

/** Each state with an active chapter (int for none), by abbreviation, dated by its chapters' latest change. */
async function statePages(data: RouteData): Promise<SitemapEntry[]> {
  const byState = new Map<string, string | null>();
  for (const c of await activeChapterDates(data)) byState.set(c.state, latestDate(byState.get(c.state), c.updatedAt));
  return [...byState]
    .filter(([state]) => state === "int" || state in STATES)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, lastmod]) => ({ path: `/chapters/${state}`, lastmod }));
}

/** Every public item of a kind (page, wiki page, blog post) at its address, dated by its last change. */
const contentPages = (kind: ContentKindKey, address: (slug: string) => string) => async (data: RouteData) =>
  listed(await data.answer(contentQueries.publicDates(kind))).map((p) => ({ path: address(encodeURIComponent(p.slug)), lastmod: p.updatedAt }));

/** A page (spec 000 section 7): by its slug, or a fixed one (about, chapter types). */
const contentPage = (fixed?: string): RouteHandle<Answer<PageInfo>> => ({
  islands: true,
  load: (data) => data.answer(contentQueries.page(fixed ?? data.params.slug ?? "")),
  head: (answer, _site, params) => {
    const slug = fixed ?? params.slug ?? "";
    return contentHead("page", found(answer), pagePath(slug));
  },
});

/**
 * A page at /{slug} (spec 000), below every screen of the app's own: a slug that names no page, or one the app
 * keeps for itself, is no public page (the generic head; the browser shows Not Found).
 */
const pageAtSlug: RouteHandle<Answer<PageInfo>> = {
  islands: true,
  load: contentPage().load,
  head: (answer, site, params) =>
    (RESERVED_PAGE_SLUGS as readonly string[]).includes(params.slug ?? "") || answer.status !== 200 ? null : contentPage().head!(answer, site, params),
};

/**
 * Pages that read nothing beyond what every page reads (the signed-in user), with a head of their own; the sitemap
 * lists them without a date, unless they are kept out of search engines.
 */
const fixedPage = (path: string, title: string, description: string, noindex = false): RouteHandle => ({
  load: async () => undefined,
  head: () => fixedHead(path, title, description, noindex),
  sitemap: async () => (noindex ? [] : [{ path }]),
});

const handles = {
  home: {
    islands: true,
    load: loadHome,
    head: (_answers, site) => homeHead(site),
    // The home page's map shows every active chapter: it changes when one of them does.
    sitemap: async (data) => [{ path: "/", lastmod: latestDate(...(await activeChapterDates(data)).map((c) => c.updatedAt)) }],
  } satisfies RouteHandle,
  state: {
    islands: true,
    load: loadState,
    head: (chapters, _site, params) => stateHead(params.state ?? "", (chapters && found(chapters)) ?? []),
    sitemap: statePages,
  } satisfies RouteHandle<Answer<ChapterWithEvents[]> | null>,
  chapter: {
    islands: true,
    load: loadChapter,
    head: (chapter, site) => chapterHead(found(chapter), site),
    sitemap: async (data) => (await activeChapterDates(data)).map((c) => ({ path: `/chapter/${c.state}/${encodeURIComponent(c.slug)}`, lastmod: c.updatedAt })),
  } satisfies RouteHandle<Answer<ChapterDetail>>,
  /** Every public page is listed here, at its address (pagePath: /{slug}, or /page/{slug} for a slug another screen uses). */
  page: {
    ...contentPage(),
    sitemap: contentPages("page", pagePath),
  } satisfies RouteHandle<Answer<PageInfo>>,
  wiki: {
    islands: true,
    load: (data) => data.answer(contentQueries.wiki(data.params.slug ?? "")),
    head: (answer, _site, params) => contentHead("wiki", found(answer), `/wiki/${params.slug ?? ""}`),
    sitemap: contentPages("wiki", (slug) => `/wiki/${slug}`),
  } satisfies RouteHandle<Answer<WikiPageInfo>>,
  blog: {
    islands: true,
    load: (data) => data.answer(contentQueries.blogPost(data.params.slug ?? "")),
    head: (answer, _site, params) => contentHead("blog", found(answer), `/blog/${params.slug ?? ""}`),
    sitemap: contentPages("blog", (slug) => `/blog/${slug}`),
  } satisfies RouteHandle<Answer<BlogPostInfo>>,
  pressMentions: {
    islands: true,
    load: (data) => data.read(pressMentionQueries.publicAll()),
    head: () => fixedHead("/press_mentions", "Press Mentions", "What the press has said about Living Liberally and its chapters."),
    sitemap: async (data) => [
      { path: "/press_mentions", lastmod: latestDate(...listed(await data.answer(pressMentionQueries.publicDates())).map((m) => m.updatedAt)) },
    ],
  } satisfies RouteHandle,
  introStartChapter: fixedPage(
    "/intro_start_chapter",
    "Start a Chapter",
    "Bring progressive community to your town: how to start and host a Living Liberally chapter.",
  ),
  startChapter: fixedPage("/start_chapter", "Apply to Host a New Chapter", "Apply to host a new Living Liberally chapter in your town."),
};

/**
 * Public routes of spec 000 section 2 (outside the admin areas), each with what it reads, its head and the pages
 * the sitemap lists (its handle). The sitemap lists them in this order: the fixed pages, then the chapters and the
 * site's content. The about and chapter types pages are pages like the others, listed with them (page/:slug).
 */
export function publicRoutes() {
  return (
    <>
      <Route index element={<Home />} handle={handles.home} />
      <Route path="about" element={<ContentPage slug="about" key="about" />} handle={contentPage("about")} />
      <Route path="chapter_types" element={<ContentPage slug="chapter_types" key="chapter_types" />} handle={contentPage("chapter_types")} />
      <Route path="press_mentions" element={<PressMentionsScreen />} handle={handles.pressMentions} />
      <Route path="intro_start_chapter" element={lazyScreen(<IntroStartChapter />)} handle={handles.introStartChapter} />
      <Route path="start_chapter" element={lazyScreen(<StartChapter />)} handle={handles.startChapter} />
      <Route path="chapters/:state" element={<StatePage />} handle={handles.state} />
      <Route path="chapter/:state/:slug" element={<ChapterPage />} handle={handles.chapter} />
      <Route path="page/:slug" element={<ContentPage />} handle={handles.page} />
      <Route path="wiki/:slug" element={<WikiPageScreen />} handle={handles.wiki} />
      <Route path="blog/:slug" element={<BlogPostScreen />} handle={handles.blog} />
      <Route path="my_chapters" element={<RequireSignedIn>{lazyScreen(<MyChapters />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications" element={<RequireSignedIn>{lazyScreen(<MyApplications />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications/:slug" element={<RequireSignedIn>{lazyScreen(<MyApplication />)}</RequireSignedIn>} />
      <Route path="unsubscribe/:token" element={<Unsubscribe />} />
      <Route path="confirm_subscription/:token" element={lazyScreen(<ConfirmSubscription />)} />
      <Route path="confirm_meetup/:token" element={lazyScreen(<ConfirmMeetup />)} />
      <Route path="rsvp/:token" element={lazyScreen(<RsvpLink />)} />
      {/* Pages at /{slug} too (spec 000): static paths rank above this one, so it never shadows another screen. */}
      <Route path=":slug" element={<ContentPage />} handle={pageAtSlug} />
    </>
  );
}
