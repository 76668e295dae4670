import { Alert, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { mailingListQueries, useUnsubscribe } from "../../api/mailingLists";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Page } from "../../components/Page";

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** /unsubscribe/{token}: the link in every list email; works without signing in. */
export function Unsubscribe() {
  const { token = "" } = useParams();
  const query = useQuery(mailingListQueries.unsubscribe(token));
  const unsubscribe = useUnsubscribe(token);
  const info = query.data ?? null;
  const error = query.error
    ? query.error.status === 404
      ? "This unsubscribe link is not valid."
      : SOMETHING_WENT_WRONG
    : unsubscribe.isError
      ? SOMETHING_WENT_WRONG
      : null;

  const handleUnsubscribe = () => unsubscribe.mutate();

  return (
    <Page title="Unsubscribe">
      <ErrorAlert message={error} />
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
          <Button colorPalette="brand" onClick={handleUnsubscribe} loading={unsubscribe.isPending}>
            Unsubscribe
          </Button>
        </Stack>
      )}
    </Page>
  );
}
