import type { ReactNode } from "react";
import { Route } from "react-router-dom";
import { STATES } from "../../../server/contracts/chapter";
import { HOME_PRESS_MENTION_COUNT } from "../../../server/contracts/content";
import { chapterQueries } from "../../api/chapters";
import { contentQueries } from "../../api/content";
import { mailingListQueries } from "../../api/mailingLists";
import { pressMentionQueries } from "../../api/pressMentions";
import { settingsQueries } from "../../api/settings";
import { listIdFor } from "../../lib/listId";
import type { RouteData, RouteHandle, RouteLoader } from "../../lib/routeData";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";
import { Home, NEAREST_COUNT } from "./Home";
import { StatePage } from "./StatePage";
import { ChapterPage, hiddenChapterPlace, NEAR_HIDDEN_CHAPTER } from "./ChapterPage";
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

const lazyScreen = (node: ReactNode) => <LazyScreen>{node}</LazyScreen>;

/*
 * What each public page reads, stated beside its route (the route's handle, see ui/lib/routeData.ts), with the
 * options its screens read them with: the server reads them before it renders the page, and renders it once.
 */
const siteConfig = ({ read }: RouteData) => read(settingsQueries.siteConfig());

const loadHome: RouteLoader = async (data) => {
  const place = data.search.get("place")?.trim() ?? "";
  await Promise.all([
    siteConfig(data),
    data.read(settingsQueries.frontPage()),
    data.read(chapterQueries.pins()),
    data.readPages(contentQueries.publicBlog()),
    data.read(pressMentionQueries.publicRecent(HOME_PRESS_MENTION_COUNT)),
    place ? data.read({ ...chapterQueries.near(place, NEAREST_COUNT), retry: false }) : undefined,
  ]);
};

const loadState: RouteLoader = async (data) => {
  const state = (data.params.state ?? "").toLowerCase();
  if (!STATES[state]) return;
  await Promise.all([siteConfig(data), data.read(chapterQueries.state(state)), data.read(pressMentionQueries.publicState(state))]);
};

const loadChapter: RouteLoader = async (data) => {
  const [chapter, config] = await Promise.all([data.read(chapterQueries.bySlug(data.params.slug ?? "")), siteConfig(data)]);
  if (!chapter) return;
  if (chapter.restricted) {
    const place = hiddenChapterPlace(chapter);
    if (place) await data.read(chapterQueries.near(place, NEAR_HIDDEN_CHAPTER));
    return;
  }
  await Promise.all([
    data.read(pressMentionQueries.publicChapter(chapter.id)),
    data.readPages(contentQueries.chapterPosts(chapter.id)),
    listIdFor(chapter, config ?? null) ? undefined : data.read(mailingListQueries.listId(chapter.id)),
  ]);
};

const loadContentPage =
  (fixed?: string): RouteLoader =>
  (data) =>
    data.read(contentQueries.page(fixed ?? data.params.slug ?? ""));

/** Pages that read nothing beyond what every page reads (the signed-in user). */
const readsNothing: RouteLoader = async () => undefined;

const reads = (load: RouteLoader): RouteHandle => ({ load });

/** Public routes of spec 000 section 2 (outside the admin areas), each with what it reads (its handle). */
export function publicRoutes() {
  return (
    <>
      <Route index element={<Home />} handle={reads(loadHome)} />
      <Route path="about" element={<ContentPage slug="about" key="about" />} handle={reads(loadContentPage("about"))} />
      <Route path="chapter_types" element={<ContentPage slug="chapter_types" key="chapter_types" />} handle={reads(loadContentPage("chapter_types"))} />
      <Route path="page/:slug" element={<ContentPage />} handle={reads(loadContentPage())} />
      <Route path="wiki/:slug" element={<WikiPageScreen />} handle={reads((data) => data.read(contentQueries.wiki(data.params.slug ?? "")))} />
      <Route path="blog/:slug" element={<BlogPostScreen />} handle={reads((data) => data.read(contentQueries.blogPost(data.params.slug ?? "")))} />
      <Route path="press_mentions" element={<PressMentionsScreen />} handle={reads((data) => data.read(pressMentionQueries.publicAll()))} />
      <Route path="chapters/:state" element={<StatePage />} handle={reads(loadState)} />
      <Route path="chapter/:state/:slug" element={<ChapterPage />} handle={reads(loadChapter)} />
      <Route path="intro_start_chapter" element={lazyScreen(<IntroStartChapter />)} handle={reads(readsNothing)} />
      <Route path="start_chapter" element={lazyScreen(<StartChapter />)} handle={reads(readsNothing)} />
      <Route path="my_chapters" element={<RequireSignedIn>{lazyScreen(<MyChapters />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications" element={<RequireSignedIn>{lazyScreen(<MyApplications />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications/:slug" element={<RequireSignedIn>{lazyScreen(<MyApplication />)}</RequireSignedIn>} />
      <Route path="unsubscribe/:token" element={<Unsubscribe />} />
      <Route path="confirm_subscription/:token" element={lazyScreen(<ConfirmSubscription />)} />
      <Route path="confirm_meetup/:token" element={lazyScreen(<ConfirmMeetup />)} />
      {/* Pages at /{slug} too (spec 000): static paths rank above this one, so it never shadows another screen. */}
      <Route path=":slug" element={<ContentPage />} handle={reads(loadContentPage())} />
    </>
  );
}
