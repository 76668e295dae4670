import { Button, HStack, Text } from "@chakra-ui/react";

/** "Showing 51–100 of 50,000" with Previous and Next: for lists the server answers a page at a time. */
export function Pager({ page, limit, count, onPage, label }: { page: number; limit: number; count: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(count / limit));
  if (count <= limit && page === 0) return null;
  const first = Math.min(count, page * limit + 1);
  const last = Math.min(count, (page + 1) * limit);
  return (
    <HStack as="nav" aria-label={label} gap="3" justify="space-between" wrap="wrap" data-testid="pager">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {`Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${count.toLocaleString("en-US")} (page ${page + 1} of ${pages.toLocaleString("en-US")})`}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page === 0}>
          Previous
        </Button>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
