import { Button, Field, Flex, Heading, Input, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { chapterTypeTitle, type NearChaptersAnswer } from "../../../server/contracts/chapter";
import { FINDER_TYPES, FINDER_TYPE_PARAM, PLACE_HINT, PLACE_NOT_FOUND_PARAM, finderType, placeQuery } from "../../../server/contracts/place";
import { formatDate } from "../../lib/format";
import { chapterQueries } from "../../api/chapters";
import { ChapterMap } from "../../components/map/ChapterMap";
import { useValueTypedEarly } from "../../lib/hydration";
import { mapPinsOf } from "../../components/map/pins";
import { MAP_HEIGHT, MAP_ZOOM, type MapFocus } from "../../components/map/types";
import { ChapterPinLoader } from "../../components/ChapterPinInfo";
import { MapChapterList } from "../../components/MapChapterList";

/** How many chapters a place search lists, and how far one may be to count as near (miles). */
export const NEAREST_COUNT = 5;
const NEAR_MILES = 50;

/**
 * The id of a search's answer heading, and the fragment of a search's address (`/?place=78704#find-results`): the
 * page opens at the answer, and keyboard and screen-reader focus moves to it (with JavaScript off, the browser
 * starts the next Tab there).
 */
const RESULTS_ID = "find-results";
/** The notice that a place could not be found, which describes the search box. */
const NOT_FOUND_ID = "place-not-found";

/** "Austin, TX 78704" -> city and state for the start-a-chapter form. */
function cityAndState(label: string): { city: string; state: string } {
  const m = /^(.+?),\s*([A-Z]{2})\b/.exec(label);
  return m ? { city: m[1], state: m[2] } : { city: label, state: "" };
}

/** The answer's heading: where focus moves after a search (RESULTS_ID). */
function ResultsHeading({ children }: { children: string }) {
  return (
    <Heading as="h3" size="md" id={RESULTS_ID} tabIndex={-1}>
      {children}
    </Heading>
  );
}

/** The answer to "is there one near me, and when?": the nearest chapters (of the type chosen) with distances and next meetups. */
function NearestChapters({ answer, type }: { answer: NearChaptersAnswer; type: string }) {
  const { place, chapters } = answer;
  const nearest = chapters[0];
  const { city, state } = cityAndState(place.label);
  const start = `/start_chapter?${new URLSearchParams({ city, state }).toString()}`;
  // "chapters", or "Drinking Liberally chapters" for a type.
  const kind = type ? `${chapterTypeTitle(type)} chapter` : "chapter";
  if (!nearest || nearest.distanceMiles > NEAR_MILES) {
    return (
      <Stack gap="2" role="status" data-testid="nearest-chapters">
        <ResultsHeading>{`No ${kind} within ${NEAR_MILES} miles of ${place.label}.`}</ResultsHeading>
        {nearest && (
          <Text>
            {" The nearest is "}
            <Link asChild color="link">
              <RouterLink to={`/chapter/${nearest.state}/${nearest.slug}`}>{nearest.name}</RouterLink>
            </Link>
            {` (${nearest.distanceMiles} mi away).`}
          </Text>
        )}
        <Link asChild color="link" fontWeight="semibold">
          <RouterLink to={start}>{`Start a chapter in ${city}`}</RouterLink>
        </Link>
      </Stack>
    );
  }
  return (
    <Stack as="section" aria-labelledby={RESULTS_ID} gap="2" data-testid="nearest-chapters">
      <ResultsHeading>{`Nearest ${kind}s to ${place.label}`}</ResultsHeading>
      <Stack as="ol" gap="2" listStyleType="none">
        {chapters.map((c) => (
          <li key={c.id}>
            <Link asChild color="link" fontWeight="semibold">
              <RouterLink to={`/chapter/${c.state}/${c.slug}`}>{c.name}</RouterLink>
            </Link>
            <Text as="span" color="fg.muted">{` ${c.distanceMiles} mi`}</Text>
            <Text fontSize="sm">{c.next ? `Next meetup: ${formatDate(c.next.date)} at ${c.next.name}` : "No meetup scheduled yet"}</Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** What the finder shows: the place searched for, or that it could not be found. */
export interface FinderProps {
  /** The place searched for, as placeQuery spells it ("78704", "austin, tx"); empty before a search. */
  place: string;
  /** The server found no such place: the page says so (and the server puts what was typed in the search box). */
  placeNotFound: boolean;
  /** The chapter type searched for ("drinking"), "" for every type (finderType). */
  type: string;
}

/**
 * The finder's search in a page's address (`/?place=Austin%2C+TX+78704`): what the server renders the page for, and
 * the home page gives its finder. A place the server could not find has the page of its own (PLACE_NOT_FOUND_PARAM).
 */
export const finderPropsOf = (search: URLSearchParams): FinderProps => ({
  place: placeQuery(search.get("place") ?? ""),
  placeNotFound: search.has(PLACE_NOT_FOUND_PARAM),
  type: finderType(search.get(FINDER_TYPE_PARAM)),
});

/** A search's address: its place and its chapter type (none for every type), opening at its answer. */
function searchAddress(place: string, type: string): string {
  const query = new URLSearchParams();
  if (place) query.set("place", place);
  if (type) query.set(FINDER_TYPE_PARAM, type);
  const search = query.toString();
  return search ? `/?${search}#${RESULTS_ID}` : "/";
}

/**
 * Moves focus to a search's answer once it is shown, when the page's address is a search's (its fragment): to the
 * answer's heading, or to the search box when the place was not found (the notice describes it). Once for each
 * search: focus stays where the visitor takes it next.
 */
function useFocusOnAnswer(search: string, answered: boolean, notFound: boolean, box: RefObject<HTMLInputElement | null>) {
  const focused = useRef("");
  useEffect(() => {
    if (!search || focused.current === search || window.location.hash !== `#${RESULTS_ID}`) return;
    const target = notFound ? box.current : answered ? document.getElementById(RESULTS_ID) : null;
    if (!target) return;
    focused.current = search;
    target.focus();
  }, [search, answered, notFound, box]);
}

/**
 * Home's "Find a chapter near you" (spec 000 section 2): the place search, its answer, the map of chapters and the
 * list under it, which work together (a search centres the map; "Show on map" opens a pin). One island of the page
 * (ui/islands/Island.tsx): a search is the page's address (/?place=78704), which the server renders, once for every
 * spelling of the place, and gives the finder as its props. The search box shows the place as it was found ("Austin,
 * TX 78704"), or what was typed when it was not.
 */
export function FindChapter({ place, placeNotFound, type }: FinderProps) {
  const navigate = useNavigate();
  // The pins and the list are a large render: it runs in the background once the pins arrive.
  const chapters = useDeferredValue(useQuery(chapterQueries.pins()).data);
  const near = useQuery({ ...chapterQueries.near(place, NEAREST_COUNT, type), enabled: Boolean(place), retry: false });
  const [query, setQuery] = useState(() => near.data?.place.label ?? place);
  const queryField = useRef<HTMLInputElement>(null);
  useValueTypedEarly(queryField, query, setQuery);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const notFound = placeNotFound || (Boolean(place) && near.isError);
  const [selected, setSelected] = useState<string | null>(null);
  const searched = useRef(false);
  const mapRef = useRef<HTMLDivElement>(null);
  // The search answered: its place and type, or a place not found (whose page has no place: the server found none).
  useFocusOnAnswer(placeNotFound ? "not found" : place && `${place} ${type}`, Boolean(near.data), notFound, queryField);

  // Recentre on the visitor's position, unless they have searched for a place already.
  useEffect(() => {
    if (!("geolocation" in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (!searched.current) setFocus({ lat: pos.coords.latitude, lng: pos.coords.longitude, zoom: MAP_ZOOM.search, key: Date.now() });
      },
      () => undefined,
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }, []);

  const pins = useMemo(() => mapPinsOf(chapters ?? []), [chapters]);
  const byId = useMemo(() => new Map((chapters ?? []).map((c) => [String(c.id), c])), [chapters]);

  // The map centres on the place searched for.
  const found = near.data?.place;
  useEffect(() => {
    if (!found) return;
    searched.current = true;
    setFocus({ lat: found.lat, lng: found.lng, zoom: MAP_ZOOM.search, key: Date.now() });
  }, [found]);
  // A new search's address (the app moves to it without a page load, as Back does) shows its place in the box,
  // unless the box holds a spelling of it already (what was just typed).
  const shownPlace = useRef(place);
  useEffect(() => {
    if (shownPlace.current === place) return;
    shownPlace.current = place;
    setQuery((shown) => (placeQuery(shown) === place ? shown : place));
  }, [place]);

  const handleSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the form shows: a search sent while the page was being hydrated may come before React has read it.
    const form = new FormData(e.currentTarget);
    const text = String(form.get("place") ?? "").trim();
    // A new search (or an empty one) never repeats the answer of an older one.
    navigate(searchAddress(text, finderType(form.get(FINDER_TYPE_PARAM))));
  };

  const handleShowOnMap = (id: string) => {
    setSelected(id);
    mapRef.current?.scrollIntoView({ block: "center" });
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="find-heading">
      <Heading as="h2" size="lg" id="find-heading">
        Find a chapter near you
      </Heading>
      {/* A plain GET form: without JavaScript it goes to /?place=...&type=...#find-results, which the server renders. */}
      <form method="get" action={`/#${RESULTS_ID}`} role="search" onSubmit={handleSearch}>
        <Flex gap="2" align="flex-end" wrap="wrap">
          <Field.Root flex="1" minW="220px">
            <Field.Label>Search for a place</Field.Label>
            <Input
              ref={queryField}
              name="place"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="City, state or ZIP code"
              autoComplete="off"
              aria-describedby={notFound ? NOT_FOUND_ID : undefined}
            />
          </Field.Root>
          <Field.Root width="auto" minW="200px">
            <Field.Label>Chapter type</Field.Label>
            <NativeSelect.Root>
              {/* The type searched for; a new search's address brings its own (key). */}
              <NativeSelect.Field key={type} name={FINDER_TYPE_PARAM} defaultValue={type} autoComplete="off">
                <option value="">All chapter types</option>
                {FINDER_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {chapterTypeTitle(t)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            Search
          </Button>
        </Flex>
      </form>
      {notFound && (
        <Text role="status" color="fg.muted" id={NOT_FOUND_ID}>
          {`We could not find that place on the map. ${PLACE_HINT}`}
        </Text>
      )}
      {near.data && <NearestChapters answer={near.data} type={type} />}
      <div ref={mapRef}>
        <ChapterMap
          view={{ kind: "us" }}
          pins={pins}
          height={MAP_HEIGHT.home}
          zoom={MAP_ZOOM.home}
          focus={focus}
          selectedPinId={selected}
          onSelectPin={setSelected}
          label="Map of chapters and their next events"
          renderInfo={(pin) => <ChapterPinLoader pin={byId.get(pin.id)!} />}
        />
      </div>
      <MapChapterList chapters={chapters ?? []} pinIds={new Set(pins.map((p) => p.id))} onShowOnMap={handleShowOnMap} />
    </Stack>
  );
}
