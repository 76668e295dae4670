import { HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterEventInfo } from "../../../../server/contracts/chapter";
import { describeSchedule, timeLabel } from "../../../../server/contracts/schedule";
import { eventQueries } from "../../../api/events";
import { formatDate } from "../../../lib/format";
import { useChapterAdmin } from "../ChapterAdminContext";
import { AdminSection } from "../AdminSection";
import { LoadError, Loading } from "../../../components/AsyncState";
import { CancelledDates } from "../../../components/CancelledDates";
import { EditableListItem } from "../../../components/EditableListItem";
import { LinkButton } from "../../../components/LinkButton";

const byName = (a: ChapterEventInfo, b: ChapterEventInfo) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * Events of the chapter (spec 001 section 2): 'N Events for this Chapter', with Add Event and Edit links. Every
 * event is listed, past single dates too, so hosts can delete old ones (the chapter page shows upcoming ones).
 */
export function Events() {
  const { chapter, basePath } = useChapterAdmin();
  const loaded = useQuery({ ...eventQueries.allForChapter(chapter.id), refetchOnMount: "always" });
  const events = [...(loaded.data ?? [])].sort(byName);

  return (
    <AdminSection
      title="Events"
      actions={
        <LinkButton colorPalette="brand" size="sm">
          <RouterLink to={`${basePath}/events/add`}>Add Event</RouterLink>
        </LinkButton>
      }
    >
      {loaded.error ? (
        <LoadError error={loaded.error} />
      ) : !loaded.data ? (
        <Loading label="Loading events" />
      ) : (
        <Text fontWeight="semibold" data-testid="event-count">
          {events.length} Events for this Chapter
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        Times are in the chapter's time zone ({chapter.timeZone}).
      </Text>
      {events.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="event-list">
          {events.map((e) => (
            <EditableListItem key={e.id} data-testid="event-item" data-slug={e.slug} editTo={`${basePath}/events/edit/${e.slug}`} editLabel={`Edit ${e.name}`}>
              <Text fontWeight="semibold">{e.name}</Text>
              <Text fontSize="sm" data-testid="event-schedule">
                {e.isSingleDate ? formatDate(e.singleDate) : describeSchedule(e)}, {timeLabel(e.startTime)} to {timeLabel(e.endTime)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {[e.address1, e.address2, e.city].filter(Boolean).join(", ")}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {e.nextDates[0] ? `Next: ${formatDate(e.nextDates[0].date)}` : "No upcoming date"}
                {e.lat == null ? " · Address not found on the map" : ""}
              </Text>
              <CancelledDates event={e} />
              {e.nextDates.length > 0 && (
                <HStack as="nav" aria-label={`Who's coming to ${e.name}`} gap="3" wrap="wrap" fontSize="sm">
                  <Text as="span" color="fg.muted">
                    Who's coming:
                  </Text>
                  {e.nextDates.map((d) => (
                    <Link key={d.date} asChild color="link">
                      <RouterLink to={`${basePath}/events/answers/${e.slug}/${d.date}`}>{formatDate(d.date)}</RouterLink>
                    </Link>
                  ))}
                </HStack>
              )}
            </EditableListItem>
          ))}
        </Stack>
      )}
    </AdminSection>
  );
}
