import { Box, Heading } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { HEALTH_STATES, type HealthState } from "../../server/contracts/chapterHealth";
import { healthQueries } from "../api/chapterHealth";
import { AsyncState, LoadError } from "./AsyncState";
import { ChapterHealthTable } from "./ChapterHealthTable";

/**
 * "Chapter Health": the site admin Dashboard's (every chapter, with pins and re-enabling) and My Chapters' for
 * field organizers (their chapters, read only).
 */
export function ChapterHealthSection({ canManage }: { canManage: boolean }) {
  const query = useQuery(healthQueries.table());
  // ?health=dormant (the dormant notice's link) opens the table on that state.
  const [params] = useSearchParams();
  const asked = params.get("health");
  const initialFilter = HEALTH_STATES.includes(asked as HealthState) ? (asked as HealthState) : "all";
  return (
    <Box as="section" aria-labelledby="chapter-health-heading">
      <Heading as="h3" size="md" mb="3" id="chapter-health-heading">
        Chapter Health
      </Heading>
      <AsyncState
        query={query}
        error={<LoadError error="The chapter health could not be loaded. Please try again." />}
        isEmpty={(d) => d.rows.length === 0}
        empty={<Box color="fg.muted">No chapters yet.</Box>}
      >
        {(list) => <ChapterHealthTable list={list} canManage={canManage} initialFilter={initialFilter} />}
      </AsyncState>
    </Box>
  );
}
