import { Heading, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { STATES } from "../../../server/contracts/chapter";
import { chapterQueries } from "../../api/chapters";
import { pressMentionQueries } from "../../api/pressMentions";
import { Page } from "../../components/Page";
import { PressMentionList } from "../../components/PressMentionList";
import { NotFound } from "../NotFound";
import { Island } from "../../islands/Island";
import { StateChapters } from "./StateChapters";

/** /chapters/{stateAbbr} (spec 000 section 2). Its chapters, their map and filters are one island (ui/islands/Island.tsx). */
export function StatePage() {
  const { state: raw = "" } = useParams();
  const state = raw.toLowerCase();
  const name = STATES[state];
  const chapters = useQuery({ ...chapterQueries.state(state), enabled: Boolean(name) });
  const press = useQuery({ ...pressMentionQueries.publicState(state), enabled: Boolean(name) });

  if (!name) return <NotFound />;

  return (
    <Page title={name} maxW="5xl">
      <Island name="stateChapters" of={StateChapters} props={{ state }} />

      {chapters.data && press.data && press.data.length > 0 && (
        <Stack as="section" aria-labelledby="state-press-heading" gap="3">
          <Heading as="h2" size="lg" id="state-press-heading">
            Recent Press Mentions
          </Heading>
          <PressMentionList mentions={press.data} />
        </Stack>
      )}
    </Page>
  );
}
