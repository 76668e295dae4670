import { Route } from "react-router-dom";
import { Suspense } from "react";
import { Center, Spinner } from "@chakra-ui/react";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";

const ChapterAdminLayout = lazyNamed(() => import("./ChapterAdminLayout"), "ChapterAdminLayout");
const Members = lazyNamed(() => import("./members/Members"), "Members");
const AddMembers = lazyNamed(() => import("./members/AddMembers"), "AddMembers");
const SendEmail = lazyNamed(() => import("./email/SendEmail"), "SendEmail");

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
          <Suspense fallback={<Center py="20"><Spinner /></Center>}>
            <ChapterAdminLayout />
          </Suspense>
        </RequireSignedIn>
      }
    >
      <Route path="members" element={<Members />} />
      <Route path="members/add" element={<AddMembers />} />
      <Route path="email" element={<SendEmail />} />
    </Route>
  );
}
