import { Alert, Button, Heading, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { DonePage } from "../../components/DonePage";
import { Page } from "../../components/Page";
import { safeReturnUrl } from "../../lib/returnUrl";
import { AccountFields, accountValid, useSignupForm } from "./AccountFields";

export function Register() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const [done, setDone] = useState(false);
  const { values, set, submit, busy, error } = useSignupForm(() => setDone(true));

  if (done) {
    return (
      <DonePage title="Success! Welcome" message="Your account is ready." to={returnUrl} linkLabel="Let's Get Started!">
        <Text>
          Or{" "}
          <ChakraLink asChild>
            <RouterLink to={`/signin?returnUrl=${encodeURIComponent(returnUrl)}`}>sign in</RouterLink>
          </ChakraLink>{" "}
          with another account.
        </Text>
      </DonePage>
    );
  }

  return (
    <Page title="Register" maxW="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {error && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{error.message}</Alert.Title>
            </Alert.Root>
          )}
          <AccountFields values={values} set={set} />
          <Button type="submit" colorPalette="brand" disabled={busy || !accountValid(values)}>
            {busy ? <Spinner size="sm" aria-label="Registering" /> : "Register"}
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
