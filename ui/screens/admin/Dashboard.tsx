import { Box, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { ActivityFeedItemInfo } from "../../../server/contracts/chapterAdmin";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { activityQueries } from "../../api/activity";
import { AsyncState, LoadError } from "../../components/AsyncState";
import { loadError } from "./shared/loadError";
import { chapterPath } from "./format";
import { ActivityFeedList } from "../../components/ActivityFeedList";
import { ChapterHealthSection } from "../../components/ChapterHealthSection";
import { NetworkStatsSection } from "../../components/stats/StatsSection";

/** Where the View link of an item goes (spec 001: chapter_note -> notes, user_note -> users/{objectId}, press_mention -> press_mentions). */
export function viewPathFor(item: ActivityFeedItemInfo): string | null {
  switch (item.type) {
    case "chapter_note":
      return item.chapter ? `${chapterPath(item.chapter)}/admin/notes` : null;
    case "user_note":
      return item.objectId ? `/admin/users/${item.objectId}` : null;
    case "press_mention":
      return "/admin/press_mentions";
    default:
      return null;
  }
}

/** An item's View link, where it has one. */
function viewLink(item: ActivityFeedItemInfo) {
  const view = viewPathFor(item);
  return view ? (
    <Link asChild fontWeight="medium">
      <RouterLink to={view}>View</RouterLink>
    </Link>
  ) : null;
}

/** /admin: overview, the network's stats and chapter health, and its Recent Activity (each item naming its chapter). */
export function SiteAdminDashboard() {
  const feed = usePagedList(activityQueries.network());

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h2" size="lg">
          Dashboard
        </Heading>
        <Text color="fg.muted">
          Welcome to the admin tools. Review host applications, keep notes on users, manage chapters, the blog, pages, the wiki, press mentions and email
          aliases from the menu.
        </Text>
      </Stack>
      <NetworkStatsSection />
      <ChapterHealthSection canManage />
      <Box>
        <Heading as="h3" size="md" mb="3">
          Recent Activity
        </Heading>
        <AsyncState query={feed} error={<LoadError error={loadError("The activity feed")} />} empty={<Text color="fg.muted">No activity yet.</Text>}>
          {(items) => <ActivityFeedList items={items} showChapter action={viewLink} />}
        </AsyncState>
        <LoadMore query={feed} label="Older Activity" />
      </Box>
    </Stack>
  );
}
