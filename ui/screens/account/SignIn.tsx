import { Alert, Button, Link as ChakraLink, Spinner, Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { authKeys, signInRequest } from "../../api/auth";
import { SIGN_IN_PATH, type SignInFormResult } from "../../../server/contracts/user";
import { ApiRequestError } from "../../api/client";
import { useCurrentUser } from "../../auth/CurrentUser";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";
import { safeReturnUrl } from "../../lib/returnUrl";
import { useScriptsRun } from "../../lib/hydration";

export const SIGN_IN_FAILED = "Oops. Either your email or password is incorrect.";

/**
 * Opening this screen never signs anyone out: a link from another site could then end the session
 * (docs/decisions.md "Signing out"). A signed-in user is told so and may sign out here; a sign-in ends their session.
 */
function SignedInNote({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  return (
    <Alert.Root status="info" role="status" alignItems="center" data-testid="signed-in-note">
      <Alert.Indicator />
      <Alert.Description flex="1">You are signed in as {name}. Signing in here signs you out of that account first.</Alert.Description>
      <Button size="sm" variant="outline" onClick={onSignOut}>
        Sign Out
      </Button>
    </Alert.Root>
  );
}

/**
 * Sign in. Without JavaScript the form posts to the server (server/web/signInForm.ts), which comes back here with
 * its message when the sign-in failed: shown above the form, the email filled in, until the form is sent again.
 */
export function SignIn() {
  const { user, signOut, setSignedIn } = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const scriptsRun = useScriptsRun();
  const queryClient = useQueryClient();
  const [posted, setPosted] = useState(() => queryClient.getQueryData<SignInFormResult>(authKeys.signInFormResult()) ?? null);
  useEffect(() => queryClient.removeQueries({ queryKey: authKeys.signInFormResult() }), [queryClient]);
  const returnUrl = params.get("returnUrl");
  const { values, field, submit, busy, error } = useSubmitForm({
    defaultValues: { email: posted?.email ?? "", password: "" },
    onSubmit: async ({ email, password }) => {
      if (!email.trim() || !password) return;
      setPosted(null);
      try {
        await setSignedIn(await signInRequest({ username: email.trim(), password }));
      } catch (err) {
        // Only a rate limit says more than that the pair did not match.
        throw err instanceof ApiRequestError && err.status === 429 ? err : new Error(SIGN_IN_FAILED);
      }
      navigate(safeReturnUrl(returnUrl), { replace: true });
    },
  });
  const filled = Boolean(values.email.trim() && values.password);
  const handleSignOut = () => void signOut();

  return (
    <Page title="Sign In" maxW="md">
      {user && <SignedInNote name={user.name} onSignOut={handleSignOut} />}
      <form method="post" action={SIGN_IN_PATH} onSubmit={submit} noValidate>
        {returnUrl && <input type="hidden" name="returnUrl" value={returnUrl} />}
        <Stack gap="4">
          <ErrorAlert message={error?.message ?? posted?.message ?? null} testId="sign-in-error" />
          <FormField label="Email" type="email" {...field("email")} required autoComplete="username" />
          <FormField label="Password" type="password" {...field("password")} required autoComplete="current-password" />
          {/* Without JavaScript the button always sends the form: the server says what is missing. */}
          <Button type="submit" colorPalette="brand" disabled={scriptsRun && (busy || !filled)}>
            {busy ? <Spinner size="sm" aria-label="Signing in" /> : "Sign In"}
          </Button>
          <ChakraLink asChild>
            <RouterLink to="/password_reset">Forgot your password?</RouterLink>
          </ChakraLink>
          <ChakraLink asChild>
            <RouterLink to={`/register_for_account${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ""}`}>No account yet? Register</RouterLink>
          </ChakraLink>
        </Stack>
      </form>
    </Page>
  );
}
