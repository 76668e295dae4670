import { Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterDetail, ChapterEventInfo, ChapterSummary } from "../../server/contracts/chapter";
import { useApiGet } from "../lib/useApiGet";
import { useSiteConfig } from "../lib/siteConfig";
import { listIdFor } from "../lib/listId";
import { addressText, chapterPath, nextDateText, timeRange } from "../lib/format";
import { MailingListSignup } from "./MailingListSignup";

/**
 * What a chapter's pin opens (spec 000 section 2, Home): the chapter city linking to the chapter, the
 * next event's name, address, date, start and end time, and the mailing-list signup. Loads the chapter.
 */
export function ChapterPinInfo({ chapter, event }: { chapter: ChapterSummary; event: ChapterEventInfo | null }) {
  const detail = useApiGet<ChapterDetail>(`/api/chapter/id/${chapter.id}`);
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
        </>
      )}
      <div style={{ marginTop: 8 }}>
        {detail.loading && <Spinner size="sm" aria-label="Loading chapter" />}
        {listId && <MailingListSignup listId={listId} chapterName={chapter.displayTitle} />}
      </div>
    </Stack>
  );
}
