import type { ReactNode } from "react";
import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";
import { Home } from "./Home";
import { StatePage } from "./StatePage";
import { ChapterPage } from "./ChapterPage";
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

/** Public routes of spec 000 section 2 (outside the admin areas). */
export function publicRoutes() {
  return (
    <>
      <Route index element={<Home />} />
      <Route path="about" element={<ContentPage slug="about" key="about" />} />
      <Route path="chapter_types" element={<ContentPage slug="chapter_types" key="chapter_types" />} />
      <Route path="page/:slug" element={<ContentPage />} />
      <Route path="wiki/:slug" element={<WikiPageScreen />} />
      <Route path="blog/:slug" element={<BlogPostScreen />} />
      <Route path="press_mentions" element={<PressMentionsScreen />} />
      <Route path="chapters/:state" element={<StatePage />} />
      <Route path="chapter/:state/:slug" element={<ChapterPage />} />
      <Route path="intro_start_chapter" element={lazyScreen(<IntroStartChapter />)} />
      <Route path="start_chapter" element={lazyScreen(<StartChapter />)} />
      <Route path="my_chapters" element={<RequireSignedIn>{lazyScreen(<MyChapters />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications" element={<RequireSignedIn>{lazyScreen(<MyApplications />)}</RequireSignedIn>} />
      <Route path="my_chapter_host_applications/:slug" element={<RequireSignedIn>{lazyScreen(<MyApplication />)}</RequireSignedIn>} />
      <Route path="unsubscribe/:token" element={<Unsubscribe />} />
      <Route path="confirm_subscription/:token" element={lazyScreen(<ConfirmSubscription />)} />
      <Route path="confirm_meetup/:token" element={lazyScreen(<ConfirmMeetup />)} />
      {/* Pages at /{slug} too (spec 000): static paths rank above this one, so it never shadows another screen. */}
      <Route path=":slug" element={<ContentPage />} />
    </>
  );
}
