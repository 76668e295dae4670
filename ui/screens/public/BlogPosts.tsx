import { Button, Heading, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { startTransition, useCallback, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BLOG_PAGE_SIZE, type BlogPostInfo } from "../../../server/contracts/content";
import { api } from "../../api/client";
import { formatCreated } from "../../lib/format";
import { RichHtml } from "../../components/RichHtml";

/** The home page's blog: pages of posts from page 0, a Load More button while more may follow. */
export function BlogPosts() {
  const [posts, setPosts] = useState<BlogPostInfo[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (p: number) => {
    setLoading(true);
    try {
      const next = await api.get<BlogPostInfo[]>(`/api/blog_post/public/${p}`);
      startTransition(() => {
        setPosts((cur) => (p === 0 ? next : [...cur, ...next.filter((n) => !cur.some((c) => c.id === n.id))]));
        setMore(next.length === BLOG_PAGE_SIZE);
        setPage(p);
      });
    } catch (err) {
      console.warn("Blog posts could not be loaded", err);
      setMore(false);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(0);
  }, [load]);

  return (
    <Stack gap="5" as="section" aria-labelledby="blog-heading">
      <Heading as="h2" size="lg" id="blog-heading">
        News
      </Heading>
      {posts.map((p) => (
        <article key={p.id} data-testid="blog-post">
          <Heading as="h3" size="md">
            <Link asChild color="blue.700">
              <RouterLink to={`/blog/${p.slug}`}>{p.title}</RouterLink>
            </Link>
          </Heading>
          <Text fontSize="sm" color="gray.700" mb="2">
            {formatCreated(p.createdAt)}
          </Text>
          <RichHtml html={p.bodyHtml} />
        </article>
      ))}
      {loading && <Spinner size="sm" aria-label="Loading posts" />}
      {more && !loading && posts.length > 0 && (
        <Button variant="outline" alignSelf="flex-start" onClick={() => void load(page + 1)}>
          Load More
        </Button>
      )}
    </Stack>
  );
}
