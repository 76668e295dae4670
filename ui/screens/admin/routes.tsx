import { Route } from "react-router-dom";
import { Suspense } from "react";
import { Center, Spinner } from "@chakra-ui/react";
import { RequireAdmin } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";

const AdminLayout = lazyNamed(() => import("./AdminLayout"), "AdminLayout");
const EmailAdmin = lazyNamed(() => import("./email/EmailAdmin"), "EmailAdmin");

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
          <Suspense fallback={<Center py="20"><Spinner /></Center>}>
            <AdminLayout />
          </Suspense>
        </RequireAdmin>
      }
    >
      <Route path="email" element={<EmailAdmin />} />
    </Route>
  );
}
