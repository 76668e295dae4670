import { HStack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { chapterQueries } from "../../api/chapters";
import { GoingCount } from "../../components/rsvp/GoingCount";
import { RsvpButton } from "../../components/rsvp/RsvpButton";
import { formatDate } from "../../lib/format";

/**
 * Who's coming to one meetup a chapter page lists: "N going" and "I'm coming", an island of the page
 * (ui/islands/Island.tsx) reading the chapter from the query the page read it with, so the count follows an answer.
 */
export function RsvpIsland({ slug, eventId, date }: { slug: string; eventId: number; date: string }) {
  const chapter = useQuery(chapterQueries.bySlug(slug)).data;
  const event = chapter?.chapterEvents.find((e) => e.id === eventId);
  const meetup = event?.nextDates.find((d) => d.date === date);
  if (!event || !meetup) return null;
  return (
    <HStack gap="3" wrap="wrap" align="center" mt="1" data-testid={`rsvp-${event.slug}-${date}`}>
      <GoingCount date={meetup} />
      <RsvpButton eventSlug={event.slug} date={date} label={`${event.name} on ${formatDate(date)}`} />
    </HStack>
  );
}
