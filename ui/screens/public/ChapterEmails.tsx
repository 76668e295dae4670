import { Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { contentQueries } from "../../api/content";
import { formatCreated } from "../../lib/format";
import { RichHtml } from "../../components/RichHtml";
import { LoadMorePages } from "../../components/LoadMore";
import { pageAnchorId } from "../../lib/morePages";

const NO_EMAILS_YET = "Coming Soon! This chapter hasn't sent any e-mails yet! Stay tuned.";

/** The chapter's sent emails, page 0 first; the 'Coming Soon!' notice when there are none (or no answer, logged). */
export function ChapterEmails({ chapterId }: { chapterId: number }) {
  const posts = useInfiniteQuery(contentQueries.chapterPosts(chapterId));
  const pages = useDeferredValue(posts.data?.pages);
  const emails = pages
    ? pages.flatMap((page, index) => page.map((e, i) => ({ ...e, anchorId: i === 0 ? pageAnchorId("emails", index) : undefined })))
    : posts.isError
      ? []
      : null;
  const more = posts.hasNextPage && !posts.isError;
  const loading = posts.isFetchingNextPage;

  return (
    <Stack as="section" aria-labelledby="emails-heading" gap="3" data-testid="chapter-emails">
      <Heading as="h2" size="lg" id="emails-heading">
        From the Chapter
      </Heading>
      {emails === null && <Spinner size="sm" aria-label="Loading emails" />}
      {emails?.length === 0 && <Text>{NO_EMAILS_YET}</Text>}
      {emails?.map((e) => (
        <article key={e.id} id={e.anchorId}>
          <Heading as="h3" size="md">
            {e.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="1">
            {formatCreated(e.createdAt)}
          </Text>
          {e.bodyHtml ? <RichHtml html={e.bodyHtml} /> : null}
        </article>
      ))}
      {more && !loading && emails && emails.length > 0 && (
        <LoadMorePages shown={posts.data?.pages.length ?? 1} anchor="emails" size="sm" onMore={() => void posts.fetchNextPage()} />
      )}
    </Stack>
  );
}
