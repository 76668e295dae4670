import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";
import { fixedHead, SITE_NAME } from "../../../server/contracts/pageHead";
import type { RouteHandle } from "../../lib/routeData";
import { authQueries } from "../../api/auth";

// The account screens (and the form library they share) load when opened, not with every public page.
const SignIn = lazyNamed(() => import("./SignIn"), "SignIn");
const Register = lazyNamed(() => import("./Register"), "Register");
const PasswordReset = lazyNamed(() => import("./PasswordReset"), "PasswordReset");
const PasswordVerify = lazyNamed(() => import("./PasswordVerify"), "PasswordVerify");
const Settings = lazyNamed(() => import("./Settings"), "Settings");

/** Sign-in is rendered on the server like the public pages, so its form works without JavaScript; not one for search results. */
const SIGN_IN = {
  load: async () => undefined,
  head: () => fixedHead("/signin", "Sign In", `Sign in to ${SITE_NAME}.`, true),
} satisfies RouteHandle;

/**
 * Registration and the password reset pages are rendered on the server too, so their forms work without JavaScript
 * (server/web/accountForms.ts); none is one for search results. A reset link's page is its reader's alone: read
 * afresh for each request, never kept.
 */
const REGISTER = {
  load: async () => undefined,
  head: () => fixedHead("/register_for_account", "Register", `Create your ${SITE_NAME} account.`, true),
} satisfies RouteHandle;
const PASSWORD_RESET = {
  load: async () => undefined,
  head: () => fixedHead("/password_reset", "Reset Your Password", "Get a link to choose a new password.", true),
} satisfies RouteHandle;
const PASSWORD_VERIFY = {
  personal: true,
  load: (data) => data.read(authQueries.passwordToken(data.params.token ?? "")),
  head: (_answer, _site, params) => fixedHead(`/password_verify/${encodeURIComponent(params.token ?? "")}`, "Reset Password", "Choose a new password.", true),
} satisfies RouteHandle;

/** The account routes of spec 000 section 2: sign in, register, password reset and settings. */
export function accountRoutes() {
  return (
    <>
      <Route
        path="signin"
        handle={SIGN_IN}
        element={
          <LazyScreen>
            <SignIn />
          </LazyScreen>
        }
      />
      <Route
        path="register_for_account"
        handle={REGISTER}
        element={
          <LazyScreen>
            <Register />
          </LazyScreen>
        }
      />
      <Route
        path="password_reset"
        handle={PASSWORD_RESET}
        element={
          <LazyScreen>
            <PasswordReset />
          </LazyScreen>
        }
      />
      <Route
        path="password_verify/:token"
        handle={PASSWORD_VERIFY}
        element={
          <LazyScreen>
            <PasswordVerify />
          </LazyScreen>
        }
      />
      <Route
        path="settings"
        element={
          <RequireSignedIn>
            <LazyScreen>
              <Settings />
            </LazyScreen>
          </RequireSignedIn>
        }
      />
    </>
  );
}
