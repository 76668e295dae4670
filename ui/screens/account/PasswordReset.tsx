import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { PASSWORD_RESET_PATH } from "../../../server/contracts/user";
import { requestPasswordReset } from "../../api/auth";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";
import { useScriptsRun } from "../../lib/hydration";
import { usePostedForm } from "../../lib/postedForm";

type Outcome = { status: "success" | "warning" | "error"; text: string } | null;

/** What the screen says to the API's answer (spec 000 section 8); anything but its two words is a failure. */
function outcomeOf(result: string | undefined): Outcome {
  if (result === "ok") return { status: "success", text: "Reset email sent!" };
  if (result === "user not found") return { status: "warning", text: "Email address not found." };
  return { status: "error", text: "Something went wrong." };
}

/**
 * The reset link request. Without JavaScript the form posts to the server (server/web/accountForms.ts), which comes
 * back here with the answer, said the same, and the email filled in.
 */
export function PasswordReset() {
  const posted = usePostedForm("passwordReset");
  const scriptsRun = useScriptsRun();
  const [outcome, setOutcome] = useState<Outcome>(posted ? outcomeOf(posted.result) : null);
  const { values, field, submit, busy, error } = useSubmitForm({
    defaultValues: { email: posted?.values.email ?? "" },
    onSubmit: async ({ email }) => {
      setOutcome(null);
      if (!email.trim()) return;
      const res = await requestPasswordReset(email.trim()).catch(() => null);
      const next = outcomeOf(res?.result);
      if (next?.status === "error") throw new Error(next.text);
      setOutcome(next);
    },
  });
  const shown: Outcome = outcome ?? (error ? { status: "error", text: error.message } : null);

  return (
    <Page title="Reset Your Password" maxW="md">
      <Text>Enter the email address of your account and we will send you a link to choose a new password. Reset links work for one hour.</Text>
      <form method="post" action={PASSWORD_RESET_PATH} onSubmit={submit} noValidate>
        <Stack gap="4">
          {shown && (
            <Alert.Root status={shown.status} data-testid="password-reset-outcome">
              <Alert.Indicator />
              <Alert.Title>{shown.text}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Email" type="email" {...field("email")} required autoComplete="email" />
          {/* Without JavaScript the button always sends the form: the server says what is wrong. */}
          <Button type="submit" colorPalette="brand" disabled={scriptsRun && (busy || !values.email.trim())}>
            {busy ? <Spinner size="sm" aria-label="Sending" /> : "Send Reset Link"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
