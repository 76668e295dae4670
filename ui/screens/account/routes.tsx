import { Route } from "react-router-dom";
import { LazyScreen } from "../../components/AsyncState";
import { RequireSignedIn } from "../../components/guards";
import { lazyNamed } from "../../lib/lazy";

// The account screens (and the form library they share) load when opened, not with every public page.
const SignIn = lazyNamed(() => import("./SignIn"), "SignIn");
const Register = lazyNamed(() => import("./Register"), "Register");
const PasswordReset = lazyNamed(() => import("./PasswordReset"), "PasswordReset");
const PasswordVerify = lazyNamed(() => import("./PasswordVerify"), "PasswordVerify");
const Settings = lazyNamed(() => import("./Settings"), "Settings");

/** The account routes of spec 000 section 2: sign in, register, password reset and settings. */
export function accountRoutes() {
  return (
    <>
      <Route
        path="signin"
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
