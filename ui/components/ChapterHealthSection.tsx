import { Box, Heading } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { HEALTH_STATES, type HealthState } from "../../server/contracts/chapterHealth";
import { healthQueries } from "../api/chapterHealth";
import { AsyncState, LoadError } from "./AsyncState";
import { ChapterHealthTable, type HealthTableView } from "./ChapterHealthTable";
import { useDebounced } from "../lib/useDebounced";

/**
 * "Chapter Health": the site admin Dashboard's (every chapter, with pins and re-enabling) and My Chapters' for
 * field organizers (their chapters, read only). The server filters, sorts and pages the table.
 */
export function ChapterHealthSection({ canManage }: { canManage: boolean }) {
  // ?health=dormant (the dormant notice's link) opens the table on that state.
  const [params] = useSearchParams();
  const asked = params.get("health");
  const [view, setView] = useState<Omit<HealthTableView, "q">>({
    health: HEALTH_STATES.includes(asked as HealthState) ? (asked as HealthState) : "all",
    state: "",
    sort: "health",
    order: "asc",
    page: 0,
  });
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  // A new search starts at its first page.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setView((v) => ({ ...v, page: 0 }));
  }
  const query = useQuery(healthQueries.table({ ...view, state: view.state || undefined, q: q || undefined }));
  // A new state or order starts at the first page; a page keeps the rest.
  const handleView = (change: Partial<HealthTableView>) => setView((v) => ({ ...v, page: 0, ...change }));
  return (
    <Box as="section" aria-labelledby="chapter-health-heading">
      <Heading as="h3" size="md" mb="3" id="chapter-health-heading">
        Chapter Health
      </Heading>
      <AsyncState
        query={query}
        error={<LoadError error="The chapter health could not be loaded. Please try again." />}
        isEmpty={(d) => d.total === 0}
        empty={<Box color="fg.muted">No chapters yet.</Box>}
      >
        {(data) => <ChapterHealthTable data={data} view={{ ...view, q }} search={search} onSearch={setSearch} onView={handleView} canManage={canManage} />}
      </AsyncState>
    </Box>
  );
}
