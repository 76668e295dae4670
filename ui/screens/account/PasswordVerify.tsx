import { Alert, Button, Center, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { authQueries, setNewPassword } from "../../api/auth";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem, passwordOk } from "../../lib/validation";

type View = "checking" | "invalid" | "form" | "done";

export function PasswordVerify() {
  const { token = "" } = useParams();
  const check = useQuery(authQueries.passwordToken(token));
  const [done, setDone] = useState(false);
  const view: View = done ? "done" : check.isPending ? "checking" : check.data?.result === "ok" ? "form" : "invalid";
  const { values, field, submit, busy, error } = useSubmitForm({
    defaultValues: { password: "", confirmPassword: "" },
    onSubmit: async ({ password, confirmPassword }) => {
      if (!passwordOk(password, confirmPassword)) return;
      const res = await setNewPassword({ password, token }).catch(() => null);
      if (res?.result !== "ok") throw new Error("Oops. Something went wrong.");
      setDone(true);
    },
  });
  const { password, confirmPassword: confirm } = values;

  if (view === "checking")
    return (
      <Center py="20">
        <Spinner aria-label="Checking your link" />
      </Center>
    );
  if (view === "invalid") {
    return (
      <Page title="Reset Password" maxW="md">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>Your token is invalid or expired.</Alert.Title>
        </Alert.Root>
        <ChakraLink asChild>
          <RouterLink to="/password_reset">Request a new link</RouterLink>
        </ChakraLink>
      </Page>
    );
  }
  if (view === "done") {
    return (
      <Page title="Reset Password" maxW="md">
        <Text fontSize="lg">Great! Please sign in to continue.</Text>
        <ChakraLink asChild fontWeight="bold">
          <RouterLink to="/signin">Sign In</RouterLink>
        </ChakraLink>
      </Page>
    );
  }
  return (
    <Page title="Reset Password" maxW="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <ErrorAlert message={error?.message ?? null} />
          <FormField
            label="New Password"
            type="password"
            {...field("password")}
            required
            autoComplete="new-password"
            helper={`At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_BYTES} bytes.`}
            valid={newPasswordProblem(password) === null}
            error={password.length > 0 ? newPasswordProblem(password) : null}
          />
          <FormField
            label="Confirm New Password"
            type="password"
            {...field("confirmPassword")}
            required
            autoComplete="new-password"
            valid={confirm.length > 0 && confirm === password}
            error={confirm.length > 0 && confirm !== password ? "Passwords do not match" : null}
          />
          <Button type="submit" colorPalette="brand" disabled={busy || !passwordOk(password, confirm)}>
            {busy ? <Spinner size="sm" aria-label="Saving" /> : "Save New Password"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
