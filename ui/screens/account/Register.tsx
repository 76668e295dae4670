import { Alert, Button, Heading, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import type { AuthResponse } from "../../../server/contracts/user";
import { signUpRequest } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { useCurrentUser } from "../../auth/CurrentUser";
import { Page } from "../../components/Page";
import { safeReturnUrl } from "../../lib/returnUrl";
import { AccountFields, accountValid, emptyAccount, type AccountValues } from "./AccountFields";

/** Creates an account (POST /api/auth/signup); used by the registration page and the host application. */
export function useSignup() {
  const { setSignedIn } = useCurrentUser();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signup = async (v: AccountValues): Promise<boolean> => {
    if (!accountValid(v)) return false;
    setLoading(true);
    setError(null);
    try {
      const res = await signUpRequest({ name: v.name.trim(), email: v.email.trim(), password: v.password, confirmPassword: v.confirmPassword });
      await setSignedIn(res);
      return true;
    } catch (err) {
      const body = err instanceof ApiRequestError ? (err.body as AuthResponse | null) : null;
      setError(body?.error ?? (err as Error).message);
      return false;
    } finally {
      setLoading(false);
    }
  };
  return { signup, loading, error };
}

export function Register() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const [values, setValues] = useState<AccountValues>(emptyAccount);
  const [done, setDone] = useState(false);
  const { signup, loading, error } = useSignup();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await signup(values)) setDone(true);
  };

  if (done) {
    return (
      <Page title="Success! Welcome" maxW="md">
        <Text>Your account is ready.</Text>
        <ChakraLink asChild colorPalette="brand" fontWeight="bold">
          <RouterLink to={returnUrl}>Let's Get Started!</RouterLink>
        </ChakraLink>
        <Text>
          Or{" "}
          <ChakraLink asChild>
            <RouterLink to={`/signin?returnUrl=${encodeURIComponent(returnUrl)}`}>sign in</RouterLink>
          </ChakraLink>{" "}
          with another account.
        </Text>
      </Page>
    );
  }

  return (
    <Page title="Register" maxW="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          {error && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <AccountFields values={values} onChange={setValues} />
          <Button type="submit" colorPalette="brand" disabled={loading || !accountValid(values)}>
            {loading ? <Spinner size="sm" aria-label="Registering" /> : "Register"}
          </Button>
          <Heading as="h2" size="sm" fontWeight="normal">
            Already have an account?{" "}
            <ChakraLink asChild>
              <RouterLink to={`/signin${params.get("returnUrl") ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ""}`}>Sign in</RouterLink>
            </ChakraLink>
          </Heading>
        </Stack>
      </form>
    </Page>
  );
}
