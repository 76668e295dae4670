import { Box, Card, Flex, Text } from "@chakra-ui/react";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { STATES } from "../../../server/contracts/chapter";
import type { ChapterStats } from "../../../server/contracts/chapterStats";
import type { ApiRequestError } from "../../api/client";
import { statsQueries } from "../../api/chapterStats";
import { AsyncState, LoadError, Loading } from "../AsyncState";
import { STATE_OPTIONS, StateSelect } from "../StateSelect";
import { StatsPanel } from "./StatsPanel";

/** A card titled "Stats" around the panel of a stats query, with what its months are and room for a chooser. */
function StatsCard(props: { query: UseQueryResult<ChapterStats, ApiRequestError>; caption: string; note: string; chooser?: ReactNode }) {
  const { query, caption, note, chooser } = props;
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} data-testid="stats-section">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Card.Title as="h3" id={headingId}>
            Stats
          </Card.Title>
          {chooser}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      </Card.Header>
      <Card.Body>
        <AsyncState query={query} loading={<Loading label="Loading stats" />} error={<LoadError error="The stats could not be loaded. Please try again." />}>
          {(stats) => <StatsPanel months={stats.months} caption={caption} />}
        </AsyncState>
      </Card.Body>
    </Card.Root>
  );
}

/** The chapter admin Dashboard's stats: the chapter's last twelve months, in its time zone. */
export function ChapterStatsSection({ chapterId, title }: { chapterId: number; title: string }) {
  const query = useQuery(statsQueries.chapter(chapterId));
  return <StatsCard query={query} caption={`${title}: the last 12 months`} note="The last 12 months, by the chapter's time zone." />;
}

/** The states a network's stats can be narrowed to: the two-letter ones (International is not a state). */
const TWO_LETTER_STATES = STATE_OPTIONS.filter((s) => s.abbr.length === 2);

/**
 * My Chapters' stats for a field organizer: the sum of their chapters' last twelve months (the server counts only the
 * chapters they organize), by UTC months like the network's.
 */
export function FieldOrganizerStatsSection() {
  const query = useQuery(statsQueries.network(""));
  return (
    <StatsCard
      query={query}
      caption="Your chapters: the last 12 months"
      note="The chapters you organize, together: the last 12 months, by UTC months. Meetups count in the month of their date."
    />
  );
}

/** The site admin Dashboard's stats: the network's last twelve months (UTC months), then one state's. */
export function NetworkStatsSection() {
  const [state, setState] = useState("");
  const query = useQuery(statsQueries.network(state));
  const place = state ? STATES[state] : "The network";
  const chooser = (
    <Box minW="14rem">
      <StateSelect
        value={state}
        onChange={setState}
        options={TWO_LETTER_STATES}
        placeholder="All states"
        aria-label="Stats for state"
        size="sm"
        name="statsState"
      />
    </Box>
  );
  return (
    <StatsCard
      query={query}
      caption={`${place}: the last 12 months`}
      note="The last 12 months, by UTC months. Meetups count in the month of their date."
      chooser={chooser}
    />
  );
}
