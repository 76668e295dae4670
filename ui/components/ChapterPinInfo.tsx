import { Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterDetail, ChapterEventInfo, ChapterSummary } from "../../server/contracts/chapter";
import { chapterQueries, type ChapterPin } from "../api/chapters";
import { useSiteConfig } from "../api/settings";
import { listIdFor } from "../lib/listId";
import { addressText, chapterPath, nextDateText, nextEventOf, timeRange } from "../lib/format";
import { MailingListSignup } from "./MailingListSignup";
import { CancelledDates } from "./CancelledDates";
import { ConfirmedByHost } from "./ConfirmedByHost";
import { DirectionsLink } from "./map/DirectionsLink";

/**
 * What a chapter's pin opens (spec 000 section 2, Home): the chapter city linking to the chapter, the
 * next event's name, address, date, start and end time, directions to it, and the mailing-list signup. Loads the chapter; when
 * that fails (logged) the pin shows no signup: public screens show no HTTP errors (spec 000 section 8).
 */
export function ChapterPinInfo({ chapter, event, detailLoaded }: { chapter: ChapterSummary; event: ChapterEventInfo | null; detailLoaded?: ChapterDetail }) {
  const loaded = useQuery({ ...chapterQueries.byId(chapter.id), enabled: !detailLoaded });
  const detail = detailLoaded ? { data: detailLoaded, isPending: false } : loaded;
  const config = useSiteConfig();
  const listId = detail.data ? listIdFor(detail.data, config) : "";
  return (
    <Stack gap="1" fontSize="sm" data-testid="pin-info">
      <Link asChild fontWeight="bold" fontSize="md" color="link">
        <RouterLink to={chapterPath(chapter)}>{chapter.city || chapter.displayTitle}</RouterLink>
      </Link>
      {chapter.title !== chapter.city && <Text color="fg.muted">{chapter.title}</Text>}
      {event && (
        <>
          <Text fontWeight="semibold">{event.name}</Text>
          <Text>{addressText(event)}</Text>
          <Text>{nextDateText(event)}</Text>
          <Text>{timeRange(event)}</Text>
          <ConfirmedByHost event={event} date={event.nextDates[0]?.date} />
          <CancelledDates event={event} />
          <DirectionsLink event={event} />
        </>
      )}
      <div style={{ marginTop: 8 }}>
        {detail.isPending && <Spinner size="sm" aria-label="Loading chapter" />}
        {listId && <MailingListSignup listId={listId} chapterName={chapter.displayTitle} />}
      </div>
    </Stack>
  );
}

/** The home map's pin: the chapter is read by its slug when the pin is opened, then shown as above. */
export function ChapterPinLoader({ pin }: { pin: ChapterPin }) {
  const detail = useQuery(chapterQueries.bySlug(pin.slug));
  if (!detail.data) {
    return (
      <Stack gap="1" fontSize="sm" data-testid="pin-info">
        <Link asChild fontWeight="bold" fontSize="md" color="link">
          <RouterLink to={chapterPath(pin)}>{pin.name}</RouterLink>
        </Link>
        {detail.isPending && <Spinner size="sm" aria-label="Loading chapter" />}
      </Stack>
    );
  }
  return <ChapterPinInfo chapter={detail.data} event={nextEventOf(detail.data.chapterEvents)} detailLoaded={detail.data} />;
}
