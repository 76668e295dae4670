import { HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { RsvpPerson } from "../../../../server/contracts/rsvp";
import { rsvpQueries } from "../../../api/rsvps";
import { LoadError, Loading } from "../../../components/AsyncState";
import { ExportCsvLink } from "../../../components/ExportCsvLink";
import { LinkButton } from "../../../components/LinkButton";
import { formatDate } from "../../../lib/format";
import { AdminSection } from "../AdminSection";
import { useChapterAdmin } from "../ChapterAdminContext";

function People({ title, people, testId, ordered }: { title: string; people: RsvpPerson[]; testId: string; ordered?: boolean }) {
  return (
    <Stack as="section" gap="1" aria-label={title} data-testid={testId}>
      <Heading as="h3" size="sm">{`${title} (${people.length})`}</Heading>
      {people.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nobody yet.
        </Text>
      ) : (
        <Stack as={ordered ? "ol" : "ul"} gap="1" ps={ordered ? "5" : "0"} listStyleType={ordered ? "decimal" : "none"}>
          {people.map((p) => (
            <li key={p.email}>{p.name ? `${p.name} <${p.email}>` : p.email}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Who's coming to one meetup (chapter admin, events/answers/{eventSlug}/{date}): going, the waitlist in order, not going, and a CSV. */
export function MeetupAnswers() {
  const { basePath } = useChapterAdmin();
  const { eventSlug = "", date = "" } = useParams();
  const list = useQuery({ ...rsvpQueries.list(eventSlug, date), refetchOnMount: "always" });
  const csvPath = `/api/rsvp/${encodeURIComponent(eventSlug)}/${encodeURIComponent(date)}/export.csv`;
  return (
    <AdminSection
      title={`Who's Coming: ${formatDate(date)}`}
      actions={
        <LinkButton size="sm" variant="outline">
          <RouterLink to={`${basePath}/events`}>Back to Events</RouterLink>
        </LinkButton>
      }
    >
      {list.error ? (
        <LoadError error={list.error} />
      ) : !list.data ? (
        <Loading label="Loading answers" />
      ) : (
        <Stack gap="5" data-testid="meetup-answers">
          <HStack>
            <ExportCsvLink path={csvPath} fileName={`rsvps-${eventSlug}-${date}.csv`} testId="rsvp-csv" />
          </HStack>
          <People title="Going" people={list.data.going} testId="answers-going" />
          <People title="Waitlisted" people={list.data.waitlisted} testId="answers-waitlisted" ordered />
          <People title="Not going" people={list.data.notGoing} testId="answers-not-going" />
        </Stack>
      )}
    </AdminSection>
  );
}
