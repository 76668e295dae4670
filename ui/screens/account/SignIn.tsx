import { Alert, Button, Link as ChakraLink, Spinner, Stack } from "@chakra-ui/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { signInRequest } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { useCurrentUser } from "../../auth/CurrentUser";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { safeReturnUrl } from "../../lib/returnUrl";

export const SIGN_IN_FAILED = "Oops. Either your email or password is incorrect.";

export function SignIn() {
  const { signOut, setSignedIn } = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signedOut = useRef(false);

  // On entry the user is signed out first (spec 000 section 2).
  useEffect(() => {
    if (signedOut.current) return;
    signedOut.current = true;
    void signOut();
  }, [signOut]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return;
    setLoading(true);
    setError(null);
    try {
      const res = await signInRequest({ username: email.trim(), password });
      await setSignedIn(res);
      navigate(safeReturnUrl(params.get("returnUrl")), { replace: true });
    } catch (err) {
      const status = err instanceof ApiRequestError ? err.status : 0;
      setError(status === 429 && err instanceof ApiRequestError ? err.message : SIGN_IN_FAILED);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Page title="Sign In" maxW="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="username" />
          <FormField label="Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="current-password" />
          <Button type="submit" colorPalette="brand" disabled={loading || !email.trim() || !password}>
            {loading ? <Spinner size="sm" aria-label="Signing in" /> : "Sign In"}
          </Button>
          <ChakraLink asChild>
            <RouterLink to="/password_reset">Forgot your password?</RouterLink>
          </ChakraLink>
          <ChakraLink asChild>
            <RouterLink to={`/register_for_account${params.get("returnUrl") ? `?returnUrl=${encodeURIComponent(params.get("returnUrl")!)}` : ""}`}>
              No account yet? Register
            </RouterLink>
          </ChakraLink>
        </Stack>
      </form>
    </Page>
  );
}
