import { Box, Button, Link, Stack, Text } from "@chakra-ui/react";
import { useState, type SyntheticEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterEventInfo, ChapterSummary } from "../../server/contracts/chapter";
import { addressText, chapterPath, nextDateText, timeRange } from "../lib/format";

/**
 * The chapters of a map as a plain list, for screen readers and keyboards (and anyone who prefers a list):
 * each with its link, next event, and a button that opens its pin on the map.
 */
export function MapChapterList(props: {
  chapters: ChapterSummary[];
  events: Map<string, ChapterEventInfo | null>;
  pinIds: Set<string>;
  onShowOnMap: (id: string) => void;
}) {
  const { chapters, events, pinIds, onShowOnMap } = props;
  // The items are built when the list is first opened: a closed list costs the first load nothing.
  const [opened, setOpened] = useState(false);
  return (
    <Box as="details" borderWidth="1px" borderRadius="md" p="3" data-testid="map-chapter-list" onToggle={(e: SyntheticEvent<HTMLElement>) => { if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true); }}>
      <Box as="summary" cursor="pointer" fontWeight="semibold">
        {`List of the chapters on the map (${chapters.length})`}
      </Box>
      <Stack as="ul" gap="3" mt="3" listStyleType="none">
        {opened && chapters.map((c) => {
          const ev = events.get(String(c.id)) ?? null;
          return (
            <li key={c.id}>
              <Link asChild fontWeight="semibold" color="blue.700">
                <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
              </Link>{" "}
              <Text as="span" fontSize="sm" color="gray.700">
                ({c.chapterType.name || "chapter"})
              </Text>
              {ev && (
                <Text fontSize="sm">
                  {[ev.name, addressText(ev), nextDateText(ev), timeRange(ev)].filter(Boolean).join(" · ")}
                </Text>
              )}
              {pinIds.has(String(c.id)) && (
                <Button size="xs" variant="outline" mt="1" onClick={() => onShowOnMap(String(c.id))} aria-label={`Show on map: ${c.displayTitle}`}>
                  Show on map
                </Button>
              )}
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
