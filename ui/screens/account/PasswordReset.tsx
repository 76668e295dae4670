import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { requestPasswordReset } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";

type Outcome = { status: "success" | "warning" | "error"; text: string } | null;

export function PasswordReset() {
  const [email, setEmail] = useState("");
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setLoading(true);
    setOutcome(null);
    try {
      const res = await requestPasswordReset(email.trim());
      if (res.result === "ok") setOutcome({ status: "success", text: "Reset email sent!" });
      else if (res.result === "user not found") setOutcome({ status: "warning", text: "Email address not found." });
      else setOutcome({ status: "error", text: "Something went wrong." });
    } catch (err) {
      void (err instanceof ApiRequestError);
      setOutcome({ status: "error", text: "Something went wrong." });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Page title="Reset Your Password" maxW="md">
      <Text>Enter the email address of your account and we will send you a link to choose a new password. Reset links work for one hour.</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          {outcome && (
            <Alert.Root status={outcome.status}>
              <Alert.Indicator />
              <Alert.Title>{outcome.text}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" />
          <Button type="submit" colorPalette="brand" disabled={loading || !email.trim()}>
            {loading ? <Spinner size="sm" aria-label="Sending" /> : "Send Reset Link"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
