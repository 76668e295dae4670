import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { api, ApiRequestError } from "../../api/client";
import { Page } from "../../components/Page";

interface UnsubscribeInfo {
  email: string;
  chapterName: string;
  unsubscribed: boolean;
}

/** /unsubscribe/{token}: the link in every list email; works without signing in. */
export function Unsubscribe() {
  const { token = "" } = useParams();
  const [info, setInfo] = useState<UnsubscribeInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/mailing_list/unsubscribe/${encodeURIComponent(token)}`;

  useEffect(() => {
    api
      .get<UnsubscribeInfo>(path)
      .then(setInfo)
      .catch((err) => setError(err instanceof ApiRequestError && err.status === 404 ? "This unsubscribe link is not valid." : "Something went wrong. Please try again."));
  }, [path]);

  const handleUnsubscribe = async () => {
    setBusy(true);
    try {
      setInfo(await api.post<UnsubscribeInfo>(path));
    } catch {
      setError("Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Unsubscribe">
      {error && (
        <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error}</Alert.Title></Alert.Root>
      )}
      {!error && !info && <Spinner aria-label="Loading" />}
      {info && info.unsubscribed && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{`${info.email} is unsubscribed from the ${info.chapterName} mailing list.`}</Alert.Title>
        </Alert.Root>
      )}
      {info && !info.unsubscribed && (
        <Stack gap="4" align="flex-start">
          <Text>{`Stop getting emails from the ${info.chapterName} mailing list at ${info.email}?`}</Text>
          <Button colorPalette="blue" onClick={handleUnsubscribe} loading={busy}>
            Unsubscribe
          </Button>
        </Stack>
      )}
    </Page>
  );
}
