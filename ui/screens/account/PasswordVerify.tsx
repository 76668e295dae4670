import { Alert, Button, Center, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { api } from "../../api/client";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem, passwordOk } from "../../lib/validation";

type View = "checking" | "invalid" | "form" | "done";

export function PasswordVerify() {
  const { token = "" } = useParams();
  const [view, setView] = useState<View>("checking");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<{ result: string }>(`/api/password_reset/check/${encodeURIComponent(token)}`)
      .then((res) => live && setView(res.result === "ok" ? "form" : "invalid"))
      .catch(() => live && setView("invalid"));
    return () => {
      live = false;
    };
  }, [token]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!passwordOk(password, confirm)) return;
    setSaving(true);
    setFailed(false);
    try {
      const res = await api.post<{ result: string }>("/api/password_reset/new_password", { password, token });
      if (res.result === "ok") setView("done");
      else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  if (view === "checking") return <Center py="20"><Spinner aria-label="Checking your link" /></Center>;
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
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          {failed && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Oops. Something went wrong.</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="New Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="new-password"
            helper={`At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_BYTES} bytes.`} valid={newPasswordProblem(password) === null}
            error={password.length > 0 ? newPasswordProblem(password) : null} />
          <FormField label="Confirm New Password" name="confirmPassword" type="password" value={confirm} onChange={setConfirm} required autoComplete="new-password"
            valid={confirm.length > 0 && confirm === password} error={confirm.length > 0 && confirm !== password ? "Passwords do not match" : null} />
          <Button type="submit" colorPalette="blue" disabled={saving || !passwordOk(password, confirm)}>
            {saving ? <Spinner size="sm" aria-label="Saving" /> : "Save New Password"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
