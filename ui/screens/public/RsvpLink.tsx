import { Alert, Button, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import { rsvpQueries, useConfirmRsvp } from "../../api/rsvps";
import { ApiRequestError } from "../../api/client";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Page } from "../../components/Page";
import { addressText, formatDate, timeRange } from "../../lib/format";
import type { RsvpStatus } from "../../../server/contracts/rsvp";

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Something went wrong. Please try again.");

const RECORDED: Record<RsvpStatus, string> = {
  going: "You're going. We emailed you the meetup for your calendar.",
  waitlisted: "It's full, so you're on the waitlist. If a place opens, it's yours in turn and we'll email you.",
  not_going: "Thanks: the hosts know you can't make it.",
};

/**
 * /rsvp/{token}: the link of an email that answers a meetup for one address. Opening it changes nothing (mail
 * scanners follow links); the button records the answer it names. Works without signing in, until the meetup ends.
 */
export function RsvpLink() {
  const { token = "" } = useParams();
  const query = useQuery(rsvpQueries.link(token));
  const confirm = useConfirmRsvp(token);
  const info = query.data;
  const recorded = confirm.data?.status ?? (info && info.status && (info.answer === "yes") === (info.status !== "not_going") ? info.status : null);

  return (
    <Page title="Your Answer">
      {query.error && <ErrorAlert message={messageOf(query.error)} testId="rsvp-link-error" />}
      {!query.error && !info && <Spinner aria-label="Loading" />}
      {info && (
        <Stack gap="4" align="flex-start" data-testid="rsvp-link">
          <Text fontSize="lg" fontWeight="semibold">{`${info.chapterTitle} at ${info.event.name}`}</Text>
          <Text>{`${formatDate(info.date)}, ${timeRange(info.event)}`}</Text>
          <Text>{addressText(info.event)}</Text>
          <Text color="fg.muted">{`${info.going} going · answering for ${info.email}`}</Text>
          {recorded ? (
            <Alert.Root status="success" role="status" data-testid="rsvp-recorded">
              <Alert.Indicator />
              <Alert.Title>{RECORDED[recorded]}</Alert.Title>
            </Alert.Root>
          ) : (
            <Button colorPalette="brand" onClick={() => confirm.mutate()} loading={confirm.isPending} data-testid="rsvp-confirm">
              {info.answer === "yes" ? "Yes, I'm coming" : "I can't make it"}
            </Button>
          )}
          <ErrorAlert message={confirm.error ? messageOf(confirm.error) : null} testId="rsvp-link-error" />
          <Link asChild color="link">
            <RouterLink to={info.chapterPath}>{`Go to the ${info.chapterTitle} page`}</RouterLink>
          </Link>
        </Stack>
      )}
    </Page>
  );
}
