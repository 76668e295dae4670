import { Box, Container, Grid, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { HOME_PRESS_MENTION_COUNT } from "../../../server/contracts/content";
import { pressMentionQueries } from "../../api/pressMentions";
import { settingsQueries } from "../../api/settings";
import { PressMentionList } from "../../components/PressMentionList";
import { Island } from "../../islands/Island";
import { BlogPosts } from "./BlogPosts";
import { FindChapter, finderPropsOf } from "./FindChapter";
import { StateChooser } from "./StateChooser";
import { LinkButton } from "../../components/LinkButton";

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

/**
 * Home (spec 000 section 2). The finder and the state chooser are its islands (ui/islands/Island.tsx): for an
 * anonymous visitor only they are hydrated; the hero, the blog and the press are the server's HTML.
 */
export function Home() {
  useEffect(() => {
    document.title = "Living Liberally: find a chapter near you";
  }, []);
  // The finder is given the search as the page was rendered for it (the same props when its island hydrates).
  const [params] = useSearchParams();
  const finder = finderPropsOf(params);

  return (
    <>
      <Hero />
      <Container maxW="6xl" py="6">
        <Stack gap="8">
          <Island name="findChapter" of={FindChapter} props={finder} />

          <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="6">
            <Stack gap="2">
              <Island name="stateChooser" of={StateChooser} props={{}} />
            </Stack>
            <HStack gap="3" align="flex-end">
              <Stack gap="2">
                <Text fontWeight="medium">No chapter near you?</Text>
                <LinkButton colorPalette="brand">
                  <RouterLink to="/intro_start_chapter">Start One</RouterLink>
                </LinkButton>
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
