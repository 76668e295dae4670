import { Alert, Button, Heading, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { REGISTER_PATH } from "../../../server/contracts/user";
import { DonePage } from "../../components/DonePage";
import { Page } from "../../components/Page";
import { useScriptsRun } from "../../lib/hydration";
import { postedRefusal, usePostedForm } from "../../lib/postedForm";
import { safeReturnUrl } from "../../lib/returnUrl";
import { AccountFields, accountValid, useSignupForm } from "./AccountFields";

/**
 * Registration. Without JavaScript the form posts to the server (server/web/accountForms.ts), which comes back here
 * signed in, showing the success view, or with the refusal above the form and the name and email filled in.
 */
export function Register() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const posted = usePostedForm("register");
  const scriptsRun = useScriptsRun();
  const [done, setDone] = useState(posted?.done ?? false);
  const { values, set, submit, busy, error } = useSignupForm(() => setDone(true), posted?.values);
  const message = error?.message ?? postedRefusal(posted);

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
      <form method="post" action={REGISTER_PATH} onSubmit={submit} noValidate>
        {params.get("returnUrl") && <input type="hidden" name="returnUrl" value={returnUrl} />}
        <Stack gap="4">
          {message && (
            <Alert.Root status="warning" data-testid="register-error">
              <Alert.Indicator />
              <Alert.Title>{message}</Alert.Title>
            </Alert.Root>
          )}
          <AccountFields values={values} set={set} />
          {/* Without JavaScript the button always sends the form: the server says what is missing. */}
          <Button type="submit" colorPalette="brand" disabled={scriptsRun && (busy || !accountValid(values))}>
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
