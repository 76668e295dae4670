import { Button, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { startTransition, useCallback, useEffect, useState } from "react";
import { api } from "../../api/client";
import { formatCreated } from "../../lib/format";
import { RichHtml } from "../../components/RichHtml";

/** A sent chapter email as GET /api/chapter_blog_post/public/{chapterId}/{page} lists it. */
interface ChapterEmail {
  id?: number;
  slug?: string;
  title: string;
  body?: string;
  bodyHtml?: string;
  createdAt: string;
}

export const NO_EMAILS_YET = "Coming Soon! This chapter hasn't sent any e-mails yet! Stay tuned.";

/** The chapter's sent emails, page 0 first; the 'Coming Soon!' notice when there are none (or no answer). */
export function ChapterEmails({ chapterId }: { chapterId: number }) {
  const [emails, setEmails] = useState<ChapterEmail[] | null>(null);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (p: number) => {
      setLoading(true);
      try {
        const next = await api.get<ChapterEmail[]>(`/api/chapter_blog_post/public/${chapterId}/${p}`);
        const list = Array.isArray(next) ? next : [];
        startTransition(() => {
          setEmails((cur) => (p === 0 || !cur ? list : [...cur, ...list]));
          setMore(list.length > 0);
          setPage(p);
        });
      } catch {
        setEmails((cur) => cur ?? []);
        setMore(false);
      } finally {
        setLoading(false);
      }
    },
    [chapterId],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  return (
    <Stack as="section" aria-labelledby="emails-heading" gap="3" data-testid="chapter-emails">
      <Heading as="h2" size="lg" id="emails-heading">
        From the Chapter
      </Heading>
      {emails === null && <Spinner size="sm" aria-label="Loading emails" />}
      {emails?.length === 0 && <Text>{NO_EMAILS_YET}</Text>}
      {emails?.map((e, i) => (
        <article key={e.slug ?? e.id ?? i}>
          <Heading as="h3" size="md">
            {e.title}
          </Heading>
          <Text fontSize="sm" color="gray.700" mb="1">
            {formatCreated(e.createdAt)}
          </Text>
          {e.bodyHtml ? <RichHtml html={e.bodyHtml} /> : null}
        </article>
      ))}
      {more && !loading && emails && emails.length > 0 && (
        <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => void load(page + 1)}>
          Load More
        </Button>
      )}
    </Stack>
  );
}
