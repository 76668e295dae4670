import { Badge, Box, Container, Flex, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import {
  CHAPTER_ACTIVE,
  CONFIRMED_BY_HOST,
  JOIN_ANCHOR,
  STATES,
  chapterName,
  chapterPageMeetups,
  chapterTypeTitle,
  type ChapterDetail,
  type ChapterEventInfo,
} from "../../../server/contracts/chapter";
import { titled } from "../../../server/contracts/pageHead";
import { chapterQueries } from "../../api/chapters";
import { pressMentionQueries } from "../../api/pressMentions";
import { AsyncState, useDeferredQuery, Loading } from "../../components/AsyncState";
import { addressText, chapterPath, formatDate, formatTime, scheduleText, timeRange } from "../../lib/format";
import { PressMentionList } from "../../components/PressMentionList";
import { RichHtml } from "../../components/RichHtml";
import { CalendarLinks } from "../../components/CalendarLinks";
import { AddToGoogleCalendar } from "../../components/AddToGoogleCalendar";
import { CancelledDates } from "../../components/CancelledDates";
import { ConfirmedByHost, isConfirmed } from "../../components/ConfirmedByHost";
import { ChapterEmails } from "./ChapterEmails";
import { ReviveChapterForm } from "./ReviveChapterForm";
import { Island } from "../../islands/Island";
import { ChapterMapIsland, ChapterSignupIsland } from "./ChapterIslands";
import { RsvpIsland } from "./RsvpIsland";
import { useAfterFirstPaint } from "../../lib/useAfterFirstPaint";
import { NotFound } from "../NotFound";
import { HiddenChapterNotice } from "./HiddenChapterNotice";
import { LinkButton } from "../../components/LinkButton";
import { chapterTypeColours } from "../../components/chapterTypeColours";

const CHAPTER_NOT_ACTIVE = "This Chapter is not active.";

/**
 * The chapter's header image, when it has one: the page's largest picture, so it is fetched first, in a box of
 * fixed height (nothing moves when it arrives). Hidden if it fails to load.
 */
function ChapterHeaderImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt={alt}
      fetchPriority="high"
      onError={() => setFailed(true)}
      style={{ display: "block", width: "100%", height: "clamp(160px, 40vw, 320px)", objectFit: "cover", borderRadius: 6 }}
      data-testid="chapter-header-image"
    />
  );
}

function EventBlock({ event, date, children }: { event: ChapterEventInfo; date?: string; children?: ReactNode }) {
  return (
    <Box>
      <Text fontWeight="semibold">{event.name}</Text>
      <Text>{addressText(event)}</Text>
      <Text>{date ? formatDate(date) : scheduleText(event)}</Text>
      <Text>{timeRange(event)}</Text>
      {children}
      <ConfirmedByHost event={event} date={date} />
      <CancelledDates event={event} />
      {event.description && <Text color="fg.muted">{event.description}</Text>}
    </Box>
  );
}

/** How many active chapters near a hidden one its page offers. */
export const NEAR_HIDDEN_CHAPTER = 3;

/** Where the active chapters near a hidden one are looked for: its city, in its state (none abroad). */
export const hiddenChapterPlace = (chapter: Pick<ChapterDetail, "state" | "city">): string =>
  chapter.state !== "int" && chapter.city ? `${chapter.city}, ${chapter.state.toUpperCase()}` : "";

/**
 * A hidden chapter's page, as visitors see it: the spec's "This Chapter is not active.", then a way to help it meet
 * again (a note to its field organizer or the network), its state's chapters and the active chapters nearest it.
 */
function HiddenChapterWayOn({ chapter }: { chapter: ChapterDetail }) {
  const stateName = STATES[chapter.state];
  const place = hiddenChapterPlace(chapter);
  const near = useQuery({ ...chapterQueries.near(place, NEAR_HIDDEN_CHAPTER), enabled: Boolean(place) });
  const chapters = near.data?.chapters ?? [];
  return (
    <Stack gap="4" data-testid="hidden-chapter-way-on">
      <Text fontSize="lg">{CHAPTER_NOT_ACTIVE}</Text>
      <ReviveChapterForm chapter={chapter} />
      {stateName && chapter.state !== "int" && (
        <Link asChild color="link">
          <RouterLink to={`/chapters/${chapter.state}`}>{`See the chapters in ${stateName}`}</RouterLink>
        </Link>
      )}
      {chapters.length > 0 && (
        <Stack as="section" aria-labelledby="near-heading" gap="2">
          <Heading as="h2" size="md" id="near-heading">
            {`Active chapters near ${chapter.city}`}
          </Heading>
          <Stack as="ul" gap="1" listStyleType="none">
            {chapters.map((c) => (
              <li key={c.id}>
                <Link asChild color="link">
                  <RouterLink to={`/chapter/${c.state}/${c.slug}`}>{c.name}</RouterLink>
                </Link>
                {` (${c.distanceMiles} mi)`}
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** Where the calendar links (Subscribe / Download .ics) of a chapter go. */
function CalendarLinksSlot({ chapter }: { chapter: ChapterDetail }) {
  return <CalendarLinks slug={chapter.slug} />;
}

function ChapterContent({ chapter }: { chapter: ChapterDetail }) {
  const press = useQuery(pressMentionQueries.publicChapter(chapter.id));
  const upcoming = useMemo(() => chapterPageMeetups(chapter.chapterEvents), [chapter.chapterEvents]);
  const next = upcoming[0] ?? null;
  const more = upcoming.slice(1);
  const hosts = chapter.hosts;
  // About and events first; the map, emails and side column in a second commit.
  const rest = useAfterFirstPaint();
  // The islands read the chapter from the query the page read it with (the page's address names it).
  const { slug = "" } = useParams();

  return (
    <Flex gap="8" direction={{ base: "column", md: "row" }}>
      <Stack gap="6" flex="2" minW="0">
        {chapter.aboutHtml && (
          <Stack as="section" aria-labelledby="about-heading" gap="2">
            <Heading as="h2" size="lg" id="about-heading">
              About
            </Heading>
            <RichHtml html={chapter.aboutHtml} />
          </Stack>
        )}

        <Stack as="section" aria-labelledby="next-heading" gap="2">
          <Heading as="h2" size="lg" id="next-heading">
            Next Event
          </Heading>
          {next ? (
            <EventBlock event={next.event} date={next.date}>
              <AddToGoogleCalendar meetup={next} chapter={chapter} />
              <Island name="rsvp" of={RsvpIsland} props={{ slug, eventId: next.event.id, date: next.date }} />
            </EventBlock>
          ) : chapter.chapterEvents.length ? (
            chapter.chapterEvents.map((e) => <EventBlock key={e.id} event={e} />)
          ) : (
            <Text>No events are scheduled yet.</Text>
          )}
          <CalendarLinksSlot chapter={chapter} />
        </Stack>

        {more.length > 0 && (
          <Stack as="section" aria-labelledby="more-heading" gap="2">
            <Heading as="h2" size="md" id="more-heading">
              More Upcoming Events
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none" data-testid="more-upcoming">
              {more.map((u) => (
                <li key={`${u.event.id}-${u.start}`}>
                  {`${formatDate(u.date)}, ${formatTime(u.event.startTime)}: ${u.event.name}`}
                  {isConfirmed(u.event, u.date) ? ` (${CONFIRMED_BY_HOST})` : ""} <AddToGoogleCalendar meetup={u} chapter={chapter} />{" "}
                  <Island name="rsvp" of={RsvpIsland} props={{ slug, eventId: u.event.id, date: u.date }} />
                </li>
              ))}
            </Stack>
          </Stack>
        )}

        {rest && <Island name="chapterMap" of={ChapterMapIsland} props={{ slug }} />}

        {rest && <ChapterEmails chapterId={chapter.id} />}
      </Stack>

      <Stack gap="6" flex="1" minW="0">
        {rest && (
          <>
            <Island name="chapterSignup" of={ChapterSignupIsland} props={{ slug }} />

            {hosts.length > 0 && (
              <Stack as="section" aria-labelledby="hosts-heading" gap="1">
                <Heading as="h2" size="md" id="hosts-heading">
                  Hosts
                </Heading>
                <Stack as="ul" gap="1" listStyleType="none">
                  {hosts.map((h) => (
                    <li key={h.permissionId}>{`${h.user.name} (${h.roleName})`}</li>
                  ))}
                </Stack>
              </Stack>
            )}

            {chapter.contactEmail && (
              <Stack as="section" aria-labelledby="contact-heading" gap="1">
                <Heading as="h2" size="md" id="contact-heading">
                  Contact
                </Heading>
                <Link href={`mailto:${chapter.contactEmail}`} color="link">
                  {chapter.contactEmail}
                </Link>
              </Stack>
            )}

            {chapter.chapterLinks.length > 0 && (
              <Stack as="section" aria-labelledby="links-heading" gap="1">
                <Heading as="h2" size="md" id="links-heading">
                  Links
                </Heading>
                <Stack as="ul" gap="1" listStyleType="none">
                  {chapter.chapterLinks.map((l) => (
                    <li key={l.id}>
                      <Link href={l.url} target="_blank" rel="noopener noreferrer" color="link">
                        {l.title}
                      </Link>
                    </li>
                  ))}
                </Stack>
              </Stack>
            )}

            {press.data && press.data.length > 0 && (
              <Stack as="section" aria-labelledby="chapter-press-heading" gap="2">
                <Heading as="h2" size="md" id="chapter-press-heading">
                  Press Mentions
                </Heading>
                <PressMentionList mentions={press.data} showChapter={false} />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Flex>
  );
}

/** /chapter/{state}/{slug} (spec 000 section 2; what it lists: spec 001 "public chapter details"). */
export function ChapterPage() {
  const { slug = "" } = useParams();
  const query = useDeferredQuery(useQuery(chapterQueries.bySlug(slug)));
  const chapter = query.data;
  // Asked for beside the chapter, not after it: the map and the signup widget need it.

  useEffect(() => {
    if (chapter) document.title = titled(chapterName(chapter, chapter.chapterType.name));
  }, [chapter]);

  return (
    <AsyncState
      query={query}
      loading={<Loading label="Loading chapter" py="20" />}
      error={(error) =>
        error.status === 404 ? (
          <NotFound />
        ) : (
          <Container maxW="5xl" py="8">
            <Text>This chapter could not be loaded.</Text>
          </Container>
        )
      }
    >
      {(chapter) => <ChapterView chapter={chapter} />}
    </AsyncState>
  );
}

function ChapterView({ chapter }: { chapter: ChapterDetail }) {
  const path = chapterPath(chapter);
  // The title as the spec has it, with what kind of chapter it is beside it.
  const type = chapterTypeTitle(chapter.chapterType.name);
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        {!chapter.restricted && chapter.headerImage && <ChapterHeaderImage src={chapter.headerImage} alt={`${chapter.displayTitle} header`} />}
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              <Link asChild variant="plain" color="inherit">
                <RouterLink to={path}>{chapter.displayTitle}</RouterLink>
              </Link>
            </Heading>
            {type && (
              <Badge css={chapterTypeColours(chapter.chapterType)} size="lg" data-testid="chapter-type">
                {type}
              </Badge>
            )}
          </HStack>
          <HStack gap="2" wrap="wrap">
            {!chapter.restricted && chapter.status === CHAPTER_ACTIVE && (
              // Near the top: on a phone the signup box is far down the page, after the meetups and emails.
              <LinkButton colorPalette="brand" data-testid="join-the-list">
                <a href={`#${JOIN_ANCHOR}`}>Join the list</a>
              </LinkButton>
            )}
            {chapter.abilities.host && (
              <LinkButton colorPalette="brand" variant="outline">
                <RouterLink to={`${path}/admin`}>Admin tools</RouterLink>
              </LinkButton>
            )}
          </HStack>
        </Flex>
        {chapter.status !== 1 && !chapter.restricted && <HiddenChapterNotice chapter={chapter} />}
        {chapter.restricted ? <HiddenChapterWayOn chapter={chapter} /> : <ChapterContent chapter={chapter} />}
      </Stack>
    </Container>
  );
}
