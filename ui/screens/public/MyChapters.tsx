import { Button, HStack, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterSummary } from "../../../server/contracts/chapter";
import { useApiGet } from "../../lib/useApiGet";
import { chapterPath } from "../../lib/format";
import { Page } from "../../components/Page";

type MyChapter = ChapterSummary & { roleIds: number[] };

const ROLE_LABELS: Record<number, string> = { 3: "Chapter Host", 2: "Field Organizer" };

/** /my_chapters: the user's chapters by display title, their roles in each, and the Admin button. */
export function MyChapters() {
  const { data, error } = useApiGet<MyChapter[]>("/api/chapters/my");
  const sorted = [...(data ?? [])].sort((a, b) => a.displayTitle.toLowerCase().localeCompare(b.displayTitle.toLowerCase()));
  return (
    <Page title="My Chapters">
      {!data && !error && <Spinner aria-label="Loading" />}
      {error && <Text>Your chapters could not be loaded.</Text>}
      {data && data.length === 0 && <Text>You do not host any chapters yet.</Text>}
      <Stack as="ul" gap="4" listStyleType="none" data-testid="my-chapters">
        {sorted.map((c) => {
          const roles = [...c.roleIds].sort((a, b) => b - a).map((r) => ROLE_LABELS[r]).filter(Boolean);
          return (
            <li key={c.id}>
              <HStack justify="space-between" wrap="wrap" gap="3" borderWidth="1px" borderRadius="md" p="3">
                <Stack gap="0">
                  <Link asChild fontWeight="semibold" color="blue.700">
                    <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="gray.700">
                    {roles.join(", ")}
                  </Text>
                </Stack>
                {roles.length > 0 && (
                  <Button asChild size="sm" colorPalette="blue" variant="outline">
                    <RouterLink to={`${chapterPath(c)}/admin`} aria-label={`Admin for ${c.displayTitle}`}>
                      Admin
                    </RouterLink>
                  </Button>
                )}
              </HStack>
            </li>
          );
        })}
      </Stack>
    </Page>
  );
}
