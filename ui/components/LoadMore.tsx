import { Button, Center } from "@chakra-ui/react";
import { useLocation } from "react-router-dom";
import { useScriptsRun } from "../lib/hydration";
import { morePagesHref } from "../lib/morePages";
import { LinkButton } from "./LinkButton";

/** "Load More" under a list read a page at a time; shown while another page may follow. */
export function LoadMore({
  query,
  label = "Load More",
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Center pt="2">
      <Button size="sm" variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} loadingText="Loading...">
        {label}
      </Button>
    </Center>
  );
}

/**
 * Load More under a public page's list (the home page's news, a chapter's emails), shown while another page may
 * follow: a button that reads the next page in place, and, until the page runs in the browser (without
 * JavaScript), a link to the same page with one more page of the list (`?page=N`, rendered by the server, see
 * ui/lib/morePages.ts) that scrolls to the first new item (`#{anchor}-N`).
 */
export function LoadMorePages({ shown, anchor, onMore, size }: { shown: number; anchor: string; onMore: () => void; size?: "sm" | "md" }) {
  const scriptsRun = useScriptsRun();
  const { pathname, search } = useLocation();
  if (scriptsRun) {
    return (
      <Button variant="outline" size={size} alignSelf="flex-start" onClick={onMore}>
        Load More
      </Button>
    );
  }
  const href = morePagesHref(pathname, search, shown + 1, anchor);
  if (!href) return null;
  return (
    <LinkButton variant="outline" size={size} alignSelf="flex-start">
      <a href={href}>Load More</a>
    </LinkButton>
  );
}
