import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";

const ChapterAdminLayout = lazyNamed(() => import("./ChapterAdminLayout"), "ChapterAdminLayout");
const ChapterDashboard = lazyNamed(() => import("./Dashboard"), "ChapterDashboard");
const Resources = lazyNamed(() => import("./Resources"), "Resources");
const ChapterSettings = lazyNamed(() => import("./ChapterSettings"), "ChapterSettings");
const PageContent = lazyNamed(() => import("./PageContent"), "PageContent");
const ChapterHosts = lazyNamed(() => import("./ChapterHosts"), "ChapterHosts");
const Links = lazyNamed(() => import("./Links"), "Links");
const Notes = lazyNamed(() => import("./Notes"), "Notes");
const PressMentions = lazyNamed(() => import("./PressMentions"), "PressMentions");
const ChapterPressMentionEdit = lazyNamed(() => import("./PressMentionEdit"), "ChapterPressMentionEdit");
const Members = lazyNamed(() => import("./members/Members"), "Members");
const AddMembers = lazyNamed(() => import("./members/AddMembers"), "AddMembers");
const SendEmail = lazyNamed(() => import("./email/SendEmail"), "SendEmail");
const Events = lazyNamed(() => import("./events/Events"), "Events");
const EventEdit = lazyNamed(() => import("./events/EventEdit"), "EventEdit");
const MeetupAnswers = lazyNamed(() => import("./events/MeetupAnswers"), "MeetupAnswers");

/**
 * The chapter admin area under /chapter/{state}/{slug}/admin (spec 001 section 2), lazily loaded.
 * Children: default, resources, settings, content, hosts, email, events (list, add, edit/{slug}),
 * members (list, add), links, notes, press_mentions (list, add, edit/{slug}).
 */
export function chapterAdminRoutes() {
  return (
    <Route
      path="chapter/:state/:slug/admin"
      element={
        <RequireSignedIn>
          <LazyScreen>
            <ChapterAdminLayout />
          </LazyScreen>
        </RequireSignedIn>
      }
    >
      <Route index element={<ChapterDashboard />} />
      <Route path="resources" element={<Resources />} />
      <Route path="settings" element={<ChapterSettings />} />
      <Route path="content" element={<PageContent />} />
      <Route path="hosts" element={<ChapterHosts />} />
      <Route path="links" element={<Links />} />
      <Route path="notes" element={<Notes />} />
      <Route path="press_mentions" element={<PressMentions />} />
      <Route path="press_mentions/add" element={<ChapterPressMentionEdit />} />
      <Route path="press_mentions/edit/:mentionSlug" element={<ChapterPressMentionEdit />} />
      <Route path="members" element={<Members />} />
      <Route path="members/add" element={<AddMembers />} />
      <Route path="email" element={<SendEmail />} />
      <Route path="events" element={<Events />} />
      <Route path="events/add" element={<EventEdit />} />
      <Route path="events/edit/:eventSlug" element={<EventEdit />} />
      <Route path="events/answers/:eventSlug/:date" element={<MeetupAnswers />} />
    </Route>
  );
}
