import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";
import { fixedHead, SITE_NAME } from "../../../server/contracts/pageHead";
import type { RouteHandle } from "../../lib/routeData";

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
        element={
          <LazyScreen>
            <Register />
          </LazyScreen>
        }
      />
      <Route
        path="password_reset"
        element={
          <LazyScreen>
            <PasswordReset />
          </LazyScreen>
        }
      />
      <Route
        path="password_verify/:token"
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
