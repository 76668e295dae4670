import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireAdmin } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";

const AdminLayout = lazyNamed(() => import("./AdminLayout"), "AdminLayout");
const SiteAdminDashboard = lazyNamed(() => import("./Dashboard"), "SiteAdminDashboard");
const GeneralSettings = lazyNamed(() => import("./GeneralSettings"), "GeneralSettings");
const HostApplicationList = lazyNamed(() => import("./hostApplications/HostApplicationList"), "HostApplicationList");
const HostApplicationDetail = lazyNamed(() => import("./hostApplications/HostApplicationDetail"), "HostApplicationDetail");
const UserList = lazyNamed(() => import("./users/UserList"), "UserList");
const UserDetail = lazyNamed(() => import("./users/UserDetail"), "UserDetail");
const ChapterList = lazyNamed(() => import("./chapters/ChapterList"), "ChapterList");
const AddChapter = lazyNamed(() => import("./chapters/AddChapter"), "AddChapter");
const BlogList = lazyNamed(() => import("./content/ContentList"), "BlogList");
const PageList = lazyNamed(() => import("./content/ContentList"), "PageList");
const WikiList = lazyNamed(() => import("./content/ContentList"), "WikiList");
const BlogEdit = lazyNamed(() => import("./content/ContentEdit"), "BlogEdit");
const PageEdit = lazyNamed(() => import("./content/ContentEdit"), "PageEdit");
const WikiEdit = lazyNamed(() => import("./content/ContentEdit"), "WikiEdit");
const SiteAdminPressMentionList = lazyNamed(() => import("./pressMentions/PressMentionList"), "SiteAdminPressMentionList");
const SiteAdminPressMentionEdit = lazyNamed(() => import("./pressMentions/PressMentionEdit"), "SiteAdminPressMentionEdit");
const SiteContentScreen = lazyNamed(() => import("./ComingSoon"), "SiteContentScreen");
const SurveysScreen = lazyNamed(() => import("./ComingSoon"), "SurveysScreen");
const EmailAdmin = lazyNamed(() => import("./email/EmailAdmin"), "EmailAdmin");
const AdminNotFound = lazyNamed(() => import("./ComingSoon"), "AdminNotFound");

/**
 * The site admin area under /admin (spec 001 section 2), admins only, lazily loaded. Children: default,
 * settings, chapter_host_applications (list, {slug}), users (list, {userId}), blog (list, add, edit/{slug}),
 * content, pages, pages/edit/{slug}, press_mentions (list, add, edit/{slug}), surveys,
 * chapters (list, add, add/application/{slug}), wiki (list, add, edit/{slug}), email.
 */
export function adminRoutes() {
  return (
    <Route
      path="admin"
      element={
        <RequireAdmin>
          <LazyScreen>
            <AdminLayout />
          </LazyScreen>
        </RequireAdmin>
      }
    >
      <Route index element={<SiteAdminDashboard />} />
      <Route path="settings" element={<GeneralSettings />} />
      <Route path="chapter_host_applications" element={<HostApplicationList />} />
      <Route path="chapter_host_applications/:slug" element={<HostApplicationDetail />} />
      <Route path="users" element={<UserList />} />
      <Route path="users/:userId" element={<UserDetail />} />
      <Route path="blog" element={<BlogList />} />
      <Route path="blog/add" element={<BlogEdit />} />
      <Route path="blog/edit/:slug" element={<BlogEdit />} />
      <Route path="content" element={<SiteContentScreen />} />
      <Route path="pages" element={<PageList />} />
      <Route path="pages/add" element={<PageEdit />} />
      <Route path="pages/edit/:slug" element={<PageEdit />} />
      <Route path="press_mentions" element={<SiteAdminPressMentionList />} />
      <Route path="press_mentions/add" element={<SiteAdminPressMentionEdit />} />
      <Route path="press_mentions/edit/:slug" element={<SiteAdminPressMentionEdit />} />
      <Route path="surveys" element={<SurveysScreen />} />
      <Route path="chapters" element={<ChapterList />} />
      <Route path="chapters/add" element={<AddChapter />} />
      <Route path="chapters/add/application/:chapterHostApplicationSlug" element={<AddChapter />} />
      <Route path="wiki" element={<WikiList />} />
      <Route path="wiki/add" element={<WikiEdit />} />
      <Route path="wiki/edit/:slug" element={<WikiEdit />} />
      <Route path="email" element={<EmailAdmin />} />
      {/* Any other /admin path stays behind RequireAdmin. */}
      <Route path="*" element={<AdminNotFound />} />
    </Route>
  );
}
