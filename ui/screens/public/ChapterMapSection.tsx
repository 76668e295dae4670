import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { ChapterDetail, ChapterEventInfo } from "../../../server/contracts/chapter";
import { addressText, hasPlace, nextDateText, timeRange } from "../../lib/format";
import { ChapterMap } from "../../components/map/ChapterMap";
import { DirectionsLink } from "../../components/map/DirectionsLink";
import { CancelledDates } from "../../components/CancelledDates";
import { eventPinsOf } from "../../components/map/pins";
import { MAP_HEIGHT, MAP_ZOOM } from "../../components/map/types";

/**
 * What a meetup's pin opens: short, so it fits a phone's map beside its pin (the full event is above the map), with
 * the dates it is off, which for a meetup after the next are said nowhere else on the page.
 */
function MeetupPlace({ event }: { event: ChapterEventInfo }) {
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="pin-info">
      <Text fontWeight="semibold">{event.name}</Text>
      <Text>{addressText(event)}</Text>
      <Text>{nextDateText(event)}</Text>
      <Text>{timeRange(event)}</Text>
      <CancelledDates event={event} />
      <DirectionsLink event={event} />
    </Stack>
  );
}

/**
 * The chapter page's map: where the chapter meets among the states and cities around it, a pin per meetup
 * place, and under it the places with "Show on map" and "Directions". Nothing when no meetup has a place.
 */
export function ChapterMapSection({ chapter }: { chapter: ChapterDetail }) {
  const [selected, setSelected] = useState<string | null>(null);
  const placed = chapter.chapterEvents.filter(hasPlace);
  if (!placed.length) return null;
  const pins = eventPinsOf(chapter, placed);
  return (
    <Stack as="section" aria-labelledby="map-heading" gap="2">
      <Heading as="h2" size="md" id="map-heading">
        Map
      </Heading>
      <ChapterMap
        view={{ kind: "point", center: { lat: placed[0].lat, lng: placed[0].lng }, state: chapter.state }}
        pins={pins}
        height={MAP_HEIGHT.chapter}
        zoom={MAP_ZOOM.chapter}
        selectedPinId={selected}
        onSelectPin={setSelected}
        label={`Map of where ${chapter.displayTitle} meets`}
        renderInfo={(pin) => <MeetupPlace event={placed.find((x) => String(x.id) === pin.id)!} />}
      />
      <Stack as="ul" gap="1" listStyleType="none" aria-label="Places on the map">
        {placed.map((e) => (
          <li key={e.id}>
            <Button size="xs" variant="outline" onClick={() => setSelected(String(e.id))} aria-label={`Show on map: ${e.name}`}>
              Show on map
            </Button>{" "}
            {`${e.name}, ${addressText(e)} `}
            <DirectionsLink event={e} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
