import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import type { ListConfirmationInfo } from "../../../server/contracts/mailingList";
import { Page } from "../../components/Page";
import { useEmailedLink } from "../../lib/useEmailedLink";

/**
 * /confirm_subscription/{token}: the link a double opt-in signup mails. One click confirms (a mail scanner that
 * merely opens the link confirms nothing); works without signing in.
 */
export function ConfirmSubscription() {
  const { token = "" } = useParams();
  const { info, error, busy, act: handleConfirm } = useEmailedLink<ListConfirmationInfo>(
    `/api/mailing_list/confirm/${encodeURIComponent(token)}`,
    "This confirmation link is invalid or has expired.",
  );

  return (
    <Page title="Confirm Your Subscription">
      {error && (
        <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error}</Alert.Title></Alert.Root>
      )}
      {!error && !info && <Spinner aria-label="Loading" />}
      {!error && info?.confirmed && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{`${info.email} is now on the ${info.chapterName} mailing list.`}</Alert.Title>
        </Alert.Root>
      )}
      {!error && info && !info.confirmed && (
        <Stack gap="4" align="flex-start">
          <Text>{`Join the ${info.chapterName} mailing list with ${info.email}?`}</Text>
          <Button colorPalette="blue" onClick={handleConfirm} loading={busy}>
            Confirm
          </Button>
        </Stack>
      )}
    </Page>
  );
}
