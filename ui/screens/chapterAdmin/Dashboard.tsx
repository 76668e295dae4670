import { Card } from "@chakra-ui/react";
import { activityQueries } from "../../api/activity";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { ActivityFeedList } from "../../components/ActivityFeedList";
import { AsyncState } from "../../components/AsyncState";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";
import { FirstSteps } from "./FirstSteps";
import { ChapterStatsSection } from "../../components/stats/StatsSection";

/**
 * Dashboard: a new host's first steps (issue 29), the chapter's stats (issue 32) and its Recent Activity Feed (spec
 * 001 section 2).
 */
export function ChapterDashboard() {
  const { chapter } = useChapterAdmin();
  const feed = usePagedList(activityQueries.chapter(chapter.id));
  return (
    <AdminSection title="Dashboard">
      <FirstSteps />
      <ChapterStatsSection chapterId={chapter.id} title={chapter.displayTitle} />
      <Card.Root>
        <Card.Header>
          <Card.Title as="h3">Recent Activity Feed</Card.Title>
        </Card.Header>
        <Card.Body>
          <AsyncState query={feed} loading={<Loading label="Loading activity" />}>
            {(items) => <ActivityFeedList items={items} />}
          </AsyncState>
          <LoadMore query={feed} label="Older Activity" />
        </Card.Body>
      </Card.Root>
    </AdminSection>
  );
}
