import { Alert, Center, Link, Spinner, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import { contentQueries } from "../../api/content";
import { pressMentionQueries } from "../../api/pressMentions";
import { AsyncState } from "../../components/AsyncState";
import { formatCreated } from "../../lib/format";
import { Page } from "../../components/Page";
import { RichHtml } from "../../components/RichHtml";
import { PressMentionList } from "../../components/PressMentionList";
import type { ApiRequestError } from "../../api/client";

const NOT_PUBLIC_NOTICE = "This page is not public. Only Admins can see it.";

function Loading() {
  return (
    <Center py="20">
      <Spinner aria-label="Loading" />
    </Center>
  );
}

function Problem({ error, what }: { error: ApiRequestError; what: string }) {
  // Content the reader may not read answers as content that does not exist (404): the screen cannot tell them apart.
  const text = error.status === 404 ? `We could not find that ${what}.` : `This ${what} could not be loaded.`;
  return (
    <Page title={error.status === 404 ? "Page not found" : "Not available"}>
      <Text>{text}</Text>
      <Link asChild color="link">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Link>
    </Page>
  );
}

/** /about, /chapter_types and /page/{slug}: the page with that slug, title and HTML body. */
export function ContentPage({ slug: fixed }: { slug?: string }) {
  const params = useParams();
  const slug = fixed ?? params.slug ?? "";
  const page = useQuery(contentQueries.page(slug));
  return (
    <AsyncState query={page} loading={<Loading />} error={(error) => <Problem error={error} what="page" />}>
      {(data) => (
        <Page title={data.title}>
          <RichHtml html={data.bodyHtml} />
        </Page>
      )}
    </AsyncState>
  );
}

/** /wiki/{slug}: title and body; a non-public page (which only admins can open) shows them the notice. */
export function WikiPageScreen() {
  const { slug = "" } = useParams();
  const page = useQuery(contentQueries.wiki(slug));
  return (
    <AsyncState query={page} loading={<Loading />} error={(error) => <Problem error={error} what="page" />}>
      {(data) => (
        <Page title={data.title}>
          {!data.isPublic && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{NOT_PUBLIC_NOTICE}</Alert.Title>
            </Alert.Root>
          )}
          <RichHtml html={data.bodyHtml} />
        </Page>
      )}
    </AsyncState>
  );
}

/** /blog/{slug}: one blog post. */
export function BlogPostScreen() {
  const { slug = "" } = useParams();
  const post = useQuery(contentQueries.blogPost(slug));
  return (
    <AsyncState query={post} loading={<Loading />} error={(error) => <Problem error={error} what="post" />}>
      {(data) => (
        <Page title={data.title}>
          <Text fontSize="sm" color="fg.muted">
            {formatCreated(data.createdAt)}
            {data.user ? ` · ${data.user.name}` : ""}
          </Text>
          <RichHtml html={data.bodyHtml} />
          <Link asChild color="link">
            <RouterLink to="/">Back to the home page</RouterLink>
          </Link>
        </Page>
      )}
    </AsyncState>
  );
}

/** /press_mentions: every public press mention. */
export function PressMentionsScreen() {
  const mentions = useQuery(pressMentionQueries.publicAll());
  return (
    <Page title="Press Mentions">
      <AsyncState
        query={mentions}
        loading={<Spinner aria-label="Loading" />}
        error={<Text>Press mentions could not be loaded.</Text>}
        empty={<Text>No press mentions yet.</Text>}
      >
        {(data) => <PressMentionList mentions={data} />}
      </AsyncState>
    </Page>
  );
}
