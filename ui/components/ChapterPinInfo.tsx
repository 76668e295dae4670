import { Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterEventInfo, ChapterSummary } from "../../server/contracts/chapter";
import { chapterQueries } from "../api/chapters";
import { useSiteConfig } from "../api/settings";
import { listIdFor } from "../lib/listId";
import { addressText, chapterPath, nextDateText, timeRange } from "../lib/format";
import { MailingListSignup } from "./MailingListSignup";
import { CancelledDates } from "./CancelledDates";

/**
 * What a chapter's pin opens (spec 000 section 2, Home): the chapter city linking to the chapter, the
 * next event's name, address, date, start and end time, and the mailing-list signup. Loads the chapter; when
 * that fails (logged) the pin shows no signup: public screens show no HTTP errors (spec 000 section 8).
 */
export function ChapterPinInfo({ chapter, event }: { chapter: ChapterSummary; event: ChapterEventInfo | null }) {
  const detail = useQuery(chapterQueries.byId(chapter.id));
  const config = useSiteConfig();
  const listId = detail.data ? listIdFor(detail.data, config) : "";
  return (
    <Stack gap="1" fontSize="sm" data-testid="pin-info">
      <Link asChild fontWeight="bold" fontSize="md" color="blue.700">
        <RouterLink to={chapterPath(chapter)}>{chapter.city || chapter.displayTitle}</RouterLink>
      </Link>
      {chapter.title !== chapter.city && <Text color="gray.700">{chapter.title}</Text>}
      {event && (
        <>
          <Text fontWeight="semibold">{event.name}</Text>
          <Text>{addressText(event)}</Text>
          <Text>{nextDateText(event)}</Text>
          <Text>{timeRange(event)}</Text>
          <CancelledDates event={event} />
        </>
      )}
      <div style={{ marginTop: 8 }}>
        {detail.isPending && <Spinner size="sm" aria-label="Loading chapter" />}
        {listId && <MailingListSignup listId={listId} chapterName={chapter.displayTitle} />}
      </div>
    </Stack>
  );
}
