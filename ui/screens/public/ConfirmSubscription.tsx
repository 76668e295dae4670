import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { mailingListQueries, useConfirmSubscription } from "../../api/mailingLists";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Page } from "../../components/Page";

/**
 * /confirm_subscription/{token}: the link a double opt-in signup mails. One click confirms (a mail scanner that
 * merely opens the link confirms nothing); works without signing in.
 */
export function ConfirmSubscription() {
  const { token = "" } = useParams();
  const query = useQuery(mailingListQueries.confirmation(token));
  const confirm = useConfirmSubscription(token);
  const info = confirm.data ?? query.data ?? null;
  const failure = query.error ?? confirm.error;
  const error = failure ? (failure.status === 404 ? "This confirmation link is invalid or has expired." : "Something went wrong. Please try again.") : null;
  const handleConfirm = () => confirm.mutate();

  return (
    <Page title="Confirm Your Subscription">
      <ErrorAlert message={error} />
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
          <Button colorPalette="brand" onClick={handleConfirm} loading={confirm.isPending}>
            Confirm
          </Button>
        </Stack>
      )}
    </Page>
  );
}
