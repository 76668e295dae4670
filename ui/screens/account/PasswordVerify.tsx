import { Alert, Button, Center, Link as ChakraLink, Spinner, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { authQueries, setNewPassword } from "../../api/auth";
import { DonePage } from "../../components/DonePage";
import { ErrorAlert } from "../../components/ErrorAlert";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";
import { useScriptsRun } from "../../lib/hydration";
import { postedRefusal, usePostedForm } from "../../lib/postedForm";
import { passwordOk } from "../../lib/validation";

type View = "checking" | "invalid" | "form" | "done";

/**
 * A reset link's page: the new password form while the link works. Without JavaScript the form posts to the server
 * (server/web/accountForms.ts), which comes back here with "Great!" or the refusal above the form.
 */
export function PasswordVerify() {
  const { token = "" } = useParams();
  const check = useQuery(authQueries.passwordToken(token));
  const posted = usePostedForm("newPassword");
  const scriptsRun = useScriptsRun();
  const [done, setDone] = useState(posted?.done ?? false);
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
    return <DonePage title="Reset Password" message="Great! Please sign in to continue." to="/signin" linkLabel="Sign In" />;
  }
  return (
    <Page title="Reset Password" maxW="md">
      <form method="post" action={`/password_verify/${encodeURIComponent(token)}`} onSubmit={submit} noValidate>
        <Stack gap="4">
          <ErrorAlert message={error?.message ?? postedRefusal(posted)} testId="new-password-error" />
          <NewPasswordFields label="New Password" password={field("password")} confirmPassword={field("confirmPassword")} />
          {/* Without JavaScript the button always sends the form: the server says what is wrong. */}
          <Button type="submit" colorPalette="brand" disabled={scriptsRun && (busy || !passwordOk(password, confirm))}>
            {busy ? <Spinner size="sm" aria-label="Saving" /> : "Save New Password"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
