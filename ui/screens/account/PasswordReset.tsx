import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { requestPasswordReset } from "../../api/auth";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";

type Outcome = { status: "success" | "warning" | "error"; text: string } | null;

export function PasswordReset() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { values, field, submit, busy, error } = useSubmitForm({
    defaultValues: { email: "" },
    onSubmit: async ({ email }) => {
      setOutcome(null);
      if (!email.trim()) return;
      const res = await requestPasswordReset(email.trim()).catch(() => null);
      if (res?.result === "ok") setOutcome({ status: "success", text: "Reset email sent!" });
      else if (res?.result === "user not found") setOutcome({ status: "warning", text: "Email address not found." });
      else throw new Error("Something went wrong.");
    },
  });
  const shown: Outcome = outcome ?? (error ? { status: "error", text: error.message } : null);

  return (
    <Page title="Reset Your Password" maxW="md">
      <Text>Enter the email address of your account and we will send you a link to choose a new password. Reset links work for one hour.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {shown && (
            <Alert.Root status={shown.status}>
              <Alert.Indicator />
              <Alert.Title>{shown.text}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Email" type="email" {...field("email")} required autoComplete="email" />
          <Button type="submit" colorPalette="brand" disabled={busy || !values.email.trim()}>
            {busy ? <Spinner size="sm" aria-label="Sending" /> : "Send Reset Link"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
