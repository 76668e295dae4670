import { Button, Center } from "@chakra-ui/react";

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
