import { Alert, Button, HStack, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { eventQueries, useCancelMeetupByToken, useConfirmMeetup } from "../../api/events";
import { ApiRequestError } from "../../api/client";
import { ErrorAlert } from "../../components/ErrorAlert";
import { CancelNoteFields } from "../../components/CancelNoteFields";
import { Page } from "../../components/Page";
import { formatDate, formatTime } from "../../lib/format";

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Something went wrong. Please try again.");

/**
 * /confirm_meetup/{token}: the link of the email that asks a host whether a meetup is on. Opening it changes
 * nothing (mail scanners follow links); "Yes, it's on" confirms, "Cancel this one" cancels it with a note and,
 * if the host wants, an email to the list. Works without signing in, for that meetup only, until it ends.
 */
export function ConfirmMeetup() {
  const { token = "" } = useParams();
  const query = useQuery(eventQueries.confirmation(token));
  const confirm = useConfirmMeetup();
  const cancel = useCancelMeetupByToken();
  const [cancelling, setCancelling] = useState(false);
  const [note, setNote] = useState("");
  const [emailList, setEmailList] = useState(false);
  const info = query.data;
  const status = confirm.isSuccess ? "confirmed" : cancel.isSuccess ? "cancelled" : info?.status;
  const when = info ? `${formatDate(info.date)}, ${formatTime(info.event.startTime)}` : "";

  const handleConfirm = () => confirm.mutate({ token });
  const handleCancel = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate({ token, note: note.trim(), emailList });
  };

  return (
    <Page title="Is Your Meetup On?">
      {query.error && <ErrorAlert message={messageOf(query.error)} testId="confirm-meetup-error" />}
      {!query.error && !info && <Spinner aria-label="Loading" />}
      {info && (
        <Stack gap="4" align="flex-start" data-testid="confirm-meetup">
          <Text fontSize="lg">{`${info.chapterTitle} at ${info.event.name}, ${when}`}</Text>
          {status === "confirmed" && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>Thanks! The meetup is confirmed: its page says "Confirmed by the host".</Alert.Title>
            </Alert.Root>
          )}
          {status === "cancelled" && (
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Title>This meetup is cancelled: the chapter page, the map and the calendar feeds leave it out.</Alert.Title>
            </Alert.Root>
          )}
          {status === "asked" && !cancelling && (
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="brand" onClick={handleConfirm} loading={confirm.isPending}>
                Yes, it's on
              </Button>
              <Button variant="outline" colorPalette="danger" onClick={() => setCancelling(true)}>
                Cancel this one
              </Button>
            </HStack>
          )}
          {status === "asked" && cancelling && (
            <Stack gap="3" w="full" maxW="lg" as="form" aria-label="Cancel this meetup" onSubmit={handleCancel}>
              <CancelNoteFields note={note} onNote={setNote} emailList={emailList} onEmailList={setEmailList} />
              <HStack gap="3">
                <Button variant="outline" onClick={() => setCancelling(false)}>
                  Keep It
                </Button>
                <Button type="submit" colorPalette="danger" loading={cancel.isPending}>
                  Cancel this Meetup
                </Button>
              </HStack>
            </Stack>
          )}
          <ErrorAlert message={confirm.error ? messageOf(confirm.error) : cancel.error ? messageOf(cancel.error) : null} testId="confirm-meetup-error" />
          <Link asChild color="link">
            <RouterLink to={info.chapterPath}>{`Go to the ${info.chapterTitle} page`}</RouterLink>
          </Link>
        </Stack>
      )}
    </Page>
  );
}
