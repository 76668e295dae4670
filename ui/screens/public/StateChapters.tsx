import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { STATES, chapterStatusLabel, type ChapterSummary } from "../../../server/contracts/chapter";
import { chapterQueries } from "../../api/chapters";
import { AsyncState, useDeferredQuery, Loading } from "../../components/AsyncState";
import { addressText, chapterPath, hasPlace, nextDateText, timeRange } from "../../lib/format";
import { CancelledDates } from "../../components/CancelledDates";
import { ChapterMap } from "../../components/map/ChapterMap";
import { eventPinsOf } from "../../components/map/pins";
import { MAP_HEIGHT, MAP_ZOOM, type MapPin } from "../../components/map/types";
import { ChapterPinInfo } from "../../components/ChapterPinInfo";
import { StartChapterBox } from "../../components/StartChapterBox";
import { chapterTypeColours } from "../../components/chapterTypeColours";

const byTitle = (a: ChapterSummary, b: ChapterSummary) => a.displayTitle.toLowerCase().localeCompare(b.displayTitle.toLowerCase());

/**
 * A state's chapters (spec 000 section 2): the map of their meetups, the chapter types to show, and the list with
 * "Show on map", which work together.
 */
export function StateChapters({ state }: { state: string }) {
  const name = STATES[state];
  const chapters = useDeferredQuery(useQuery({ ...chapterQueries.state(state), enabled: Boolean(name) }));
  const [hiddenTypes, setHiddenTypes] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const mapRef = useRef<HTMLDivElement>(null);

  const sorted = useMemo(() => [...(chapters.data ?? [])].sort(byTitle), [chapters.data]);
  const types = useMemo(() => {
    const seen = new Map<number, ChapterSummary["chapterType"]>();
    for (const c of sorted) seen.set(c.chapterTypeId, c.chapterType);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [sorted]);
  const shown = sorted.filter((c) => !hiddenTypes.has(c.chapterTypeId));

  const pins: MapPin[] = useMemo(() => shown.flatMap((c) => eventPinsOf(c, c.chapterEvents, (e) => `${c.id}:${e.id}`)), [shown]);
  const pinTarget = (id: string) => {
    const [chapterId, eventId] = id.split(":").map(Number);
    const chapter = sorted.find((c) => c.id === chapterId)!;
    return { chapter, event: chapter?.chapterEvents.find((e) => e.id === eventId) ?? null };
  };

  const toggleType = (id: number) =>
    setHiddenTypes((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleShowOnMap = (id: string) => {
    setSelected(id);
    mapRef.current?.scrollIntoView({ block: "center" });
  };

  return (
    <>
      {state !== "int" && (
        <div ref={mapRef}>
          <ChapterMap
            view={{ kind: "state", state }}
            pins={pins}
            height={MAP_HEIGHT.state}
            zoom={MAP_ZOOM.state}
            selectedPinId={selected}
            onSelectPin={setSelected}
            label={`Map of chapters in ${name}`}
            renderInfo={(pin) => {
              const { chapter, event } = pinTarget(pin.id);
              return chapter ? <ChapterPinInfo chapter={chapter} event={event} /> : null;
            }}
          />
        </div>
      )}

      <AsyncState query={chapters} loading={<Loading label="Loading chapters" py="0" minH="200px" />} error={<Text>The chapters could not be loaded.</Text>}>
        {() => (
          <>
            {types.length > 1 && (
              <HStack gap="2" wrap="wrap" role="group" aria-label="Show chapter types">
                {types.map((t) => {
                  const on = !hiddenTypes.has(t.id);
                  return (
                    <Button
                      key={t.id}
                      size="sm"
                      variant={on ? "solid" : "outline"}
                      aria-pressed={on}
                      onClick={() => toggleType(t.id)}
                      textTransform="capitalize"
                      css={on ? chapterTypeColours(t) : undefined}
                    >
                      {t.name}
                    </Button>
                  );
                })}
              </HStack>
            )}

            <Stack as="section" aria-labelledby="chapters-heading" gap="3">
              <Heading as="h2" size="lg" id="chapters-heading">
                Chapters
              </Heading>
              {shown.length === 0 && <Text>There are no chapters here yet.</Text>}
              <Stack as="ul" gap="4" listStyleType="none" data-testid="state-chapters">
                {shown.map((c) => {
                  const inactive = c.status !== 1;
                  const events = c.chapterEvents;
                  const pinIds = events.filter(hasPlace).map((e) => `${c.id}:${e.id}`);
                  return (
                    <Box as="li" key={c.id} data-inactive={inactive ? "true" : "false"} color={inactive ? "fg.muted" : undefined}>
                      <HStack gap="2" wrap="wrap">
                        <Link asChild fontWeight="semibold" color={inactive ? "fg.muted" : "link"} fontStyle={inactive ? "italic" : undefined}>
                          <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
                        </Link>
                        <Badge css={chapterTypeColours(c.chapterType)} textTransform="capitalize">
                          {c.chapterType.name}
                        </Badge>
                        {inactive && <Badge variant="outline">{chapterStatusLabel(c.status)}</Badge>}
                      </HStack>
                      {events.map((e) => (
                        <Box key={e.id} fontSize="sm">
                          <Text>{[e.name, addressText(e)].filter(Boolean).join(" · ")}</Text>
                          <Text>{[nextDateText(e), timeRange(e)].filter(Boolean).join(" · ")}</Text>
                          <CancelledDates event={e} />
                        </Box>
                      ))}
                      {pinIds.length > 0 && state !== "int" && (
                        <Button size="xs" variant="outline" mt="1" onClick={() => handleShowOnMap(pinIds[0])} aria-label={`Show on map: ${c.displayTitle}`}>
                          Show on map
                        </Button>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            </Stack>

            <StartChapterBox where={state === "int" ? undefined : name} />
          </>
        )}
      </AsyncState>
    </>
  );
}
