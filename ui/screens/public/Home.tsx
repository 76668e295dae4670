import { Box, Button, Container, Field, Flex, Grid, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { HOME_PRESS_MENTION_COUNT } from "../../../server/contracts/content";
import { chapterQueries } from "../../api/chapters";
import { pressMentionQueries } from "../../api/pressMentions";
import { settingsQueries } from "../../api/settings";
import { ChapterMap } from "../../components/map/ChapterMap";
import { useGeocodePlace } from "../../components/map/geocode";
import { mapPinsOf } from "../../components/map/pins";
import { MAP_HEIGHT, MAP_ZOOM, type MapFocus } from "../../components/map/types";
import { ChapterPinLoader } from "../../components/ChapterPinInfo";
import { MapChapterList } from "../../components/MapChapterList";
import { PressMentionList } from "../../components/PressMentionList";
import { StateSelect } from "../../components/StateSelect";
import { BlogPosts } from "./BlogPosts";

function Hero() {
  return (
    <Box bg="header.bg" color="header.fg">
      <Container maxW="6xl" py={{ base: "6", md: "10" }}>
        <RouterLink to="/about">
          <Heading as="h1" size={{ base: "2xl", md: "4xl" }} mb="2">
            Progressive community, one chapter at a time
          </Heading>
          <Text fontSize={{ base: "md", md: "lg" }} textDecoration="underline">
            Drinking, Screening, Laughing, Dining and Reading Liberally: learn about us
          </Text>
        </RouterLink>
      </Container>
    </Box>
  );
}

function FrontPageImage() {
  const { data } = useQuery(settingsQueries.frontPage());
  const [failed, setFailed] = useState(false);
  if (!data || failed || !data.imageUrl) return null;
  const img = (
    <img src={data.imageUrl} alt="Featured" loading="lazy" style={{ maxWidth: "100%", height: "auto", borderRadius: 6 }} onError={() => setFailed(true)} />
  );
  return (
    <Box data-testid="front-page-image">
      {data.imageLinkURL ? (
        <a href={data.imageLinkURL} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      ) : (
        img
      )}
    </Box>
  );
}

function RecentPressMentions() {
  const { data } = useQuery(pressMentionQueries.publicRecent(HOME_PRESS_MENTION_COUNT));
  return (
    <Stack gap="3" as="section" aria-labelledby="press-heading">
      <Heading as="h2" size="lg" id="press-heading">
        In the Press
      </Heading>
      {data && <PressMentionList mentions={data} />}
      <Link asChild color="link" fontWeight="semibold">
        <RouterLink to="/press_mentions">View All</RouterLink>
      </Link>
    </Stack>
  );
}

/** Home (spec 000 section 2). */
export function Home() {
  const navigate = useNavigate();
  // The pins and the list are a large render: it runs in the background once the pins arrive.
  const chapters = useDeferredValue(useQuery(chapterQueries.pins()).data);
  const geocodePlace = useGeocodePlace();
  const [query, setQuery] = useState("");
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const searched = useRef(false);
  const mapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = "Living Liberally: find a chapter near you";
  }, []);

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

  const handleSearch = async (e: FormEvent) => {
    e.preventDefault();
    const text = query.trim();
    // A new search (or an empty one) never repeats the answer of an older one.
    setNotFound(false);
    if (!text) return;
    searched.current = true;
    const point = await geocodePlace(text);
    setNotFound(!point);
    if (point) setFocus({ ...point, zoom: MAP_ZOOM.search, key: Date.now() });
  };

  const handleShowOnMap = (id: string) => {
    setSelected(id);
    mapRef.current?.scrollIntoView({ block: "center" });
  };

  return (
    <>
      <Hero />
      <Container maxW="6xl" py="6">
        <Stack gap="8">
          <Stack gap="3" as="section" aria-labelledby="find-heading">
            <Heading as="h2" size="lg" id="find-heading">
              Find a chapter near you
            </Heading>
            <Flex as="form" role="search" onSubmit={handleSearch} gap="2" align="flex-end" wrap="wrap">
              <Field.Root flex="1" minW="220px">
                <Field.Label>Search for a place</Field.Label>
                <Input name="place" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="City, state or ZIP code" autoComplete="off" />
              </Field.Root>
              <Button type="submit" colorPalette="brand">
                Search
              </Button>
            </Flex>
            {notFound && (
              <Text role="status" color="fg.muted">
                We could not find that place on the map.
              </Text>
            )}
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

          <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="6">
            <Stack gap="2">
              <Field.Root>
                <Field.Label>Find chapters by state</Field.Label>
                <StateSelect value="" onChange={(abbr) => abbr && navigate(`/chapters/${abbr.toLowerCase()}`)} placeholder="Choose a state" name="state" />
              </Field.Root>
            </Stack>
            <HStack gap="3" align="flex-end">
              <Stack gap="2">
                <Text fontWeight="medium">No chapter near you?</Text>
                <Button asChild colorPalette="brand">
                  <RouterLink to="/intro_start_chapter">Start One</RouterLink>
                </Button>
              </Stack>
            </HStack>
          </Grid>

          <Grid templateColumns={{ base: "1fr", md: "2fr 1fr" }} gap="8">
            <BlogPosts />
            <Stack gap="6">
              <FrontPageImage />
              <RecentPressMentions />
            </Stack>
          </Grid>
        </Stack>
      </Container>
    </>
  );
}
