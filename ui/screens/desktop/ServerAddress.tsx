import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { platform } from "../../platform";

export const SERVER_ADDRESS_TITLE = "Connect to your Chapterhouse server";

/** First run of the desktop app: which server to use. The platform checks and keeps the address. */
export function ServerAddress({ onConnected }: { onConnected: () => void }) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!address.trim()) {
      setError("Please enter the address of your Chapterhouse server.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await platform.setServerAddress(address.trim());
      if (result.error) setError(result.error);
      else onConnected();
    } catch {
      setError("Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={SERVER_ADDRESS_TITLE} maxW="lg">
      <Text>Enter the web address of the Living Liberally site you manage, for example https://livingliberally.org. You only need to do this once.</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <FormField
            label="Server address"
            name="serverAddress"
            type="url"
            value={address}
            onChange={setAddress}
            required
            autoComplete="url"
            placeholder="https://livingliberally.org"
          />
          <Button type="submit" colorPalette="brand" disabled={busy}>
            {busy ? <Spinner size="sm" aria-label="Connecting" /> : "Connect"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
