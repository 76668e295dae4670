import { Heading, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import { contentQueries } from "../../api/content";
import { formatCreated } from "../../lib/format";
import { RichHtml } from "../../components/RichHtml";
import { LoadMorePages } from "../../components/LoadMore";
import { pageAnchorId } from "../../lib/morePages";

/**
 * The home page's blog: pages of posts from page 0, a Load More button while more may follow (a link to
 * `/?page=N` without JavaScript). A failure is only logged: the posts loaded so far stay and Load More goes away.
 */
export function BlogPosts() {
  const blog = useInfiniteQuery(contentQueries.publicBlog());
  const pages = useDeferredValue(blog.data?.pages);
  const posts = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((page, index) =>
      page.filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id))).map((p, i) => ({ ...p, anchorId: i === 0 ? pageAnchorId("news", index) : undefined })),
    );
  }, [pages]);
  const loading = blog.isPending || blog.isFetchingNextPage;
  const more = blog.hasNextPage && !blog.isError;
  return (
    <Stack gap="5" as="section" aria-labelledby="blog-heading">
      <Heading as="h2" size="lg" id="blog-heading">
        News
      </Heading>
      {posts.map((p) => (
        <article key={p.id} id={p.anchorId} data-testid="blog-post">
          <Heading as="h3" size="md">
            <Link asChild color="link">
              <RouterLink to={`/blog/${p.slug}`}>{p.title}</RouterLink>
            </Link>
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {formatCreated(p.createdAt)}
          </Text>
          <RichHtml html={p.bodyHtml} />
        </article>
      ))}
      {loading && <Spinner size="sm" aria-label="Loading posts" />}
      {more && !loading && posts.length > 0 && <LoadMorePages shown={blog.data?.pages.length ?? 1} anchor="news" onMore={() => void blog.fetchNextPage()} />}
    </Stack>
  );
}
