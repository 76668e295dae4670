import { Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { chapterPageMeetups, JOIN_ANCHOR, type ChapterDetail } from "../../../server/contracts/chapter";
import { meetupLine } from "../../../server/contracts/pageHead";
import { chapterQueries } from "../../api/chapters";
import { mailingListQueries } from "../../api/mailingLists";
import { useSiteConfig } from "../../api/settings";
import { MailingListSignup } from "../../components/MailingListSignup";
import { listIdFor } from "../../lib/listId";
import { ChapterMapSection } from "./ChapterMapSection";

/*
 * The chapter page's islands (ui/islands/Island.tsx): the map of where it meets and the signup box. Each reads the
 * chapter from the query the page read it with, by the slug in the page's address, so the browser hydrates it from
 * the answer the server rendered with.
 */
const useChapter = (slug: string) => useQuery(chapterQueries.bySlug(slug)).data;

export function ChapterMapIsland({ slug }: { slug: string }) {
  const chapter = useChapter(slug);
  return chapter ? <ChapterMapSection chapter={chapter} /> : null;
}

export function ChapterSignupIsland({ slug }: { slug: string }) {
  const chapter = useChapter(slug);
  const config = useSiteConfig();
  return chapter ? <SignupSection chapter={chapter} listId={listIdFor(chapter, config)} /> : null;
}

/**
 * "Stay in touch": the signup box. A chapter whose list is still being made at the provider says so, and shows
 * the box as soon as the list is there (the list id is asked for again meanwhile); one with no list at all
 * points to the hosts' address, so the page never dead-ends.
 */
function SignupSection({ chapter, listId }: { chapter: ChapterDetail; listId: string }) {
  const status = useQuery({ ...mailingListQueries.listId(chapter.id), enabled: !listId });
  const ready = listId || status.data?.listId || "";
  if (!ready && !status.data) return null;
  const next = chapterPageMeetups(chapter.chapterEvents)[0];
  // What comes next, said once someone has joined (the welcome email repeats it).
  const whatNext = next
    ? `Next meetup: ${meetupLine(next)}. See you there! A welcome email with the details is on its way.`
    : "No meetup is on the calendar yet: the hosts will write to the list when the next one is set.";
  return (
    <Stack as="section" aria-labelledby="signup-heading" gap="2" data-testid="chapter-signup" id={JOIN_ANCHOR}>
      <Heading as="h2" size="md" id="signup-heading">
        Stay in touch
      </Heading>
      {ready ? (
        <MailingListSignup listId={ready} chapterName={chapter.displayTitle} anchor={JOIN_ANCHOR} whatNext={whatNext} />
      ) : status.data?.listStatus === "creating" ? (
        <Text data-testid="list-being-set-up">This chapter's mailing list is being set up. Check back in a few minutes to join it.</Text>
      ) : (
        <Text data-testid="list-not-open">
          {chapter.contactEmail
            ? `This chapter's mailing list is not open yet. Write to the hosts at ${chapter.contactEmail} to hear about meetups.`
            : "This chapter's mailing list is not open yet."}
        </Text>
      )}
    </Stack>
  );
}
