import { Heading, List, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Page } from "../../components/Page";
import { LinkButton } from "../../components/LinkButton";

/** /intro_start_chapter: how starting a chapter works, the requirements and hints (spec 000 sections 2 and 9). */
export function IntroStartChapter() {
  return (
    <Page title="Start a Chapter">
      <Text>
        Living Liberally has grown one conversation at a time. More than 200 chapters have met in bars, cinemas, comedy clubs, restaurants and bookstores across
        the country, and every one of them started with someone like you who wanted a place where progressives could find each other.
      </Text>

      <Heading as="h2" size="lg">
        How it works
      </Heading>
      <List.Root as="ol" gap="2" ps="6">
        <List.Item>Tell us where you would like to start a chapter and why. It takes a couple of minutes.</List.Item>
        <List.Item>A field organizer gets in touch to set up a 45-minute orientation call about hosting, venues and growing your list.</List.Item>
        <List.Item>We create your chapter on the map, give you a chapter email address and a mailing list, and you host your first night.</List.Item>
      </List.Root>

      <Heading as="h2" size="lg">
        What we ask of hosts
      </Heading>
      <List.Root gap="2" ps="6">
        <List.Item>Your chapter meets at least monthly, at a regular place and time people can count on.</List.Item>
        <List.Item>
          You email your list before your meetings. Chapters that send no email for two months are removed from the map, so people never turn up to an empty
          table.
        </List.Item>
        <List.Item>Everyone is welcome: the point is friendly, open conversation, not a lecture.</List.Item>
      </List.Root>

      <Heading as="h2" size="lg">
        Hints from hosts who have done it
      </Heading>
      <List.Root gap="2" ps="6">
        <List.Item>Pick a venue that is easy to reach, not too loud, and happy to have a regular crowd on a quiet night.</List.Item>
        <List.Item>Bring a friend or two to the first few meetings: a table with people at it draws others in.</List.Item>
        <List.Item>Invite local candidates, organizers and journalists now and then; they love a friendly room.</List.Item>
        <List.Item>Put a sign or a button on the table so newcomers can find you.</List.Item>
      </List.Root>

      <LinkButton colorPalette="brand" alignSelf="flex-start" size="lg">
        <RouterLink to="/start_chapter">Continue</RouterLink>
      </LinkButton>
    </Page>
  );
}
