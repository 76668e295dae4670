import { Card } from "@chakra-ui/react";
import type { ActivityFeedItemInfo } from "../../../server/contracts/chapterAdmin";
import { api } from "../../api/client";
import { ActivityFeedList } from "../../components/ActivityFeedList";
import { useLoad } from "../../lib/useLoad";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, LoadError, Loading } from "./AdminSection";

/** Dashboard: the chapter's Recent Activity Feed (spec 001 section 2). */
export function Dashboard() {
  const { chapter } = useChapterAdmin();
  const feed = useLoad(() => api.get<ActivityFeedItemInfo[]>(`/api/activity_feed_item/chapter/${chapter.id}`), [chapter.id]);
  return (
    <AdminSection title="Dashboard">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h3">Recent Activity Feed</Card.Title>
        </Card.Header>
        <Card.Body>
          {feed.error ? <LoadError error={feed.error} /> : !feed.data ? <Loading label="Loading activity" /> : <ActivityFeedList items={feed.data} />}
        </Card.Body>
      </Card.Root>
    </AdminSection>
  );
}
