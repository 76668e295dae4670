import { Box, Button, Link, Stack, Text } from "@chakra-ui/react";
import { useState, type SyntheticEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterPin } from "../api/chapters";
import { chapterPath, formatDate } from "../lib/format";
import { Pager } from "./Pager";

/** Chapters a page of the list under the map shows. */
const MAP_LIST_PAGE_SIZE = 50;

/**
 * The chapters of a map as a plain list, for screen readers and keyboards (and anyone who prefers a list):
 * each with its link, next event, and a button that opens its pin on the map. Paged, so 10,000 chapters
 * cost the page 50 items.
 */
export function MapChapterList(props: { chapters: ChapterPin[]; pinIds: Set<string>; onShowOnMap: (id: string) => void }) {
  const { chapters, pinIds, onShowOnMap } = props;
  // The items are built when the list is first opened: a closed list costs the first load nothing.
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(0);
  const shown = opened ? chapters.slice(page * MAP_LIST_PAGE_SIZE, (page + 1) * MAP_LIST_PAGE_SIZE) : [];
  return (
    <Box
      as="details"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="map-chapter-list"
      onToggle={(e: SyntheticEvent<HTMLElement>) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <Box as="summary" cursor="pointer" fontWeight="semibold">
        {`List of the chapters on the map (${chapters.length})`}
      </Box>
      <Stack as="ul" gap="3" mt="3" listStyleType="none">
        {shown.map((c) => (
          <li key={c.id}>
            <Link asChild fontWeight="semibold" color="link">
              <RouterLink to={chapterPath(c)}>{c.name}</RouterLink>
            </Link>{" "}
            <Text as="span" fontSize="sm" color="fg.muted">
              ({c.type.name || "chapter"})
            </Text>
            {(c.eventName || c.next) && <Text fontSize="sm">{[c.eventName, c.next && `Next: ${formatDate(c.next)}`].filter(Boolean).join(" · ")}</Text>}
            {pinIds.has(String(c.id)) && (
              <Button size="xs" variant="outline" mt="1" onClick={() => onShowOnMap(String(c.id))} aria-label={`Show on map: ${c.name}`}>
                Show on map
              </Button>
            )}
          </li>
        ))}
      </Stack>
      {/* Without JavaScript the list is not built when opened: its first page comes in the markup (plain, see Home's Go button). */}
      <noscript>
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
          {chapters.slice(0, MAP_LIST_PAGE_SIZE).map((c) => (
            <li key={c.id}>
              <a href={chapterPath(c)} style={{ color: "var(--chakra-colors-link)", textDecoration: "underline", fontWeight: 600 }}>
                {c.name}
              </a>
              {` (${c.type.name || "chapter"})`}
              {(c.eventName || c.next) && <br />}
              {[c.eventName, c.next && `Next: ${formatDate(c.next)}`].filter(Boolean).join(" · ")}
            </li>
          ))}
        </ul>
        {chapters.length > MAP_LIST_PAGE_SIZE && <p style={{ marginTop: 12 }}>{`The first ${MAP_LIST_PAGE_SIZE}: each state's page lists the rest.`}</p>}
      </noscript>
      {opened && <Pager page={page} limit={MAP_LIST_PAGE_SIZE} count={chapters.length} onPage={setPage} label="Pages of the chapter list" />}
    </Box>
  );
}
