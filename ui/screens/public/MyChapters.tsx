import { HStack, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { MyChapterInfo } from "../../../server/contracts/chapter";
import { chapterQueries } from "../../api/chapters";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { AsyncState } from "../../components/AsyncState";
import { chapterPath } from "../../lib/format";
import { Page } from "../../components/Page";
import { ChapterHealthSection } from "../../components/ChapterHealthSection";
import { FieldOrganizerStatsSection } from "../../components/stats/StatsSection";
import { useCurrentUser } from "../../auth/CurrentUser";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER, ROLE_NAMES } from "../../../server/contracts/roles";
import { LinkButton } from "../../components/LinkButton";

/**
 * /my_chapters: the user's chapters by display title (500 at a time, Load More), their roles in each, and the Admin
 * button; for a field organizer, their chapters' stats and health.
 */
export function MyChapters() {
  const chapters = usePagedList(chapterQueries.my());
  const { user } = useCurrentUser();
  return (
    <Page title="My Chapters">
      <AsyncState
        query={chapters}
        loading={<Spinner aria-label="Loading" />}
        error={<Text>Your chapters could not be loaded.</Text>}
        empty={<Text>You do not host any chapters yet.</Text>}
      >
        {(data) => <ChapterList chapters={data} />}
      </AsyncState>
      <LoadMore query={chapters} />
      {user?.isFieldOrganizer && !user.isAdmin && (
        <Stack mt="8" gap="8">
          <FieldOrganizerStatsSection />
          <ChapterHealthSection canManage={false} />
        </Stack>
      )}
    </Page>
  );
}

function ChapterList({ chapters }: { chapters: MyChapterInfo[] }) {
  const sorted = [...chapters].sort((a, b) => a.displayTitle.toLowerCase().localeCompare(b.displayTitle.toLowerCase()));
  return (
    <Stack as="ul" gap="4" listStyleType="none" data-testid="my-chapters">
      {sorted.map((c) => {
        const roles = [...c.roleIds]
          .sort((a, b) => b - a)
          .filter((r) => r === ROLE_CHAPTER_HOST || r === ROLE_FIELD_ORGANIZER)
          .map((r) => ROLE_NAMES[r]);
        return (
          <li key={c.id}>
            <HStack justify="space-between" wrap="wrap" gap="3" borderWidth="1px" borderRadius="md" p="3">
              <Stack gap="0">
                <Link asChild fontWeight="semibold" color="link">
                  <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {roles.join(", ")}
                </Text>
              </Stack>
              {roles.length > 0 && (
                <LinkButton size="sm" colorPalette="brand" variant="outline">
                  <RouterLink to={`${chapterPath(c)}/admin`} aria-label={`Admin for ${c.displayTitle}`}>
                    Admin
                  </RouterLink>
                </LinkButton>
              )}
            </HStack>
          </li>
        );
      })}
    </Stack>
  );
}
