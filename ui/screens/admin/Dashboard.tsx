import { Badge, Box, Flex, Heading, Icon, Link, Stack, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { Link as RouterLink } from "react-router-dom";
import {
  FaAt,
  FaBell,
  FaCalendarAlt,
  FaClipboardList,
  FaCog,
  FaComment,
  FaEnvelope,
  FaExclamationTriangle,
  FaFileAlt,
  FaGlobe,
  FaLink,
  FaNewspaper,
  FaHeartbeat,
  FaPlusCircle,
  FaStickyNote,
  FaUserEdit,
  FaUserShield,
  FaUsers,
} from "react-icons/fa";
import type { ActivityFeedItemInfo } from "../../../server/contracts/chapterAdmin";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { activityQueries } from "../../api/activity";
import { AsyncState, LoadError } from "../../components/AsyncState";
import { loadError } from "./shared/loadError";
import { chapterPath, formatDateTime } from "./format";
import { ChapterHealthSection } from "../../components/ChapterHealthSection";
import { NetworkStatsSection } from "../../components/stats/StatsSection";

/** An icon per activity type (server/commands/activity.ts lists them). */
const ICONS: Record<string, ComponentType> = {
  chapter_note: FaStickyNote,
  user_note: FaUserEdit,
  press_mention: FaNewspaper,
  chapter_event: FaCalendarAlt,
  chapter_settings: FaCog,
  chapter_content: FaFileAlt,
  chapter_link: FaLink,
  permission: FaUserShield,
  chapter_email: FaEnvelope,
  chapter_created: FaPlusCircle,
  host_application: FaClipboardList,
  application_note: FaComment,
  mailing_list: FaUsers,
  email_alias: FaAt,
  alias_rate_limited: FaExclamationTriangle,
  site_content: FaGlobe,
  chapter_health: FaHeartbeat,
};

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

/** /admin: overview and the network-wide activity feed. */
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
          {(items) => (
            <Stack as="ul" gap="3" listStyleType="none" data-testid="activity-feed">
              {items.map((item) => {
                const view = viewPathFor(item);
                return (
                  <Flex as="li" key={item.id} gap="3" borderWidth="1px" rounded="md" p="3" align="flex-start" data-type={item.type}>
                    <Icon as={ICONS[item.type] ?? FaBell} boxSize="5" color="link" mt="1" aria-label={item.type.replace(/_/g, " ")} />
                    <Box flex="1" minW="0">
                      <Text fontWeight="semibold">
                        {item.title}
                        {item.adminOnly && (
                          <Badge ms="2" colorPalette="warning" variant="subtle">
                            (Admin Only)
                          </Badge>
                        )}
                      </Text>
                      {item.note && <Text whiteSpace="pre-wrap">{item.note}</Text>}
                      <Text fontSize="sm" color="fg.muted">
                        {item.user ? <Link href={`mailto:${item.user.email}`}>{item.user.name || item.user.email}</Link> : "System"} ·{" "}
                        {formatDateTime(item.createdAt)}
                      </Text>
                    </Box>
                    {view && (
                      <Link asChild fontWeight="medium">
                        <RouterLink to={view}>View</RouterLink>
                      </Link>
                    )}
                  </Flex>
                );
              })}
            </Stack>
          )}
        </AsyncState>
        <LoadMore query={feed} label="Older Activity" />
      </Box>
    </Stack>
  );
}
