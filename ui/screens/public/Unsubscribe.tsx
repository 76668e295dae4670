import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { Page } from "../../components/Page";
import { useEmailedLink } from "../../lib/useEmailedLink";

interface UnsubscribeInfo {
  email: string;
  chapterName: string;
  unsubscribed: boolean;
}

/** /unsubscribe/{token}: the link in every list email; works without signing in. */
export function Unsubscribe() {
  const { token = "" } = useParams();
  const { info, error, busy, act: handleUnsubscribe } = useEmailedLink<UnsubscribeInfo>(
    `/api/mailing_list/unsubscribe/${encodeURIComponent(token)}`,
    "This unsubscribe link is not valid.",
  );

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
