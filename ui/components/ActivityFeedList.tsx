import { Badge, Box, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { IconType } from "react-icons";
import {
  FaBullhorn,
  FaCalendarAlt,
  FaCog,
  FaEnvelope,
  FaFileAlt,
  FaLink,
  FaStickyNote,
  FaUserFriends,
  FaUserPlus,
  FaRegNewspaper,
  FaAt,
  FaFlag,
  FaListUl,
  FaHeartbeat,
} from "react-icons/fa";
import type { ActivityFeedItemInfo } from "../../server/contracts/chapterAdmin";
import { formatMedium } from "../lib/formatDate";
import { mailtoHref } from "../lib/text";
import { chapterPath } from "../lib/format";

const ICONS: Record<string, IconType> = {
  chapter_note: FaStickyNote,
  user_note: FaStickyNote,
  application_note: FaStickyNote,
  press_mention: FaRegNewspaper,
  chapter_event: FaCalendarAlt,
  chapter_settings: FaCog,
  chapter_content: FaFileAlt,
  chapter_link: FaLink,
  permission: FaUserFriends,
  chapter_email: FaEnvelope,
  chapter_created: FaFlag,
  host_application: FaUserPlus,
  mailing_list: FaListUl,
  email_alias: FaAt,
  alias_rate_limited: FaAt,
  chapter_health: FaHeartbeat,
  site_content: FaBullhorn,
};

/** Who an item is credited to when no signed-in person made it (the daily health run, a visitor's confirmed signup). */
const NO_AUTHOR = "System";

/**
 * Recent Activity, on the chapter admin Dashboard and the site admin Dashboard alike: per item an icon by type,
 * title, note, the chapter it is about (`showChapter`, the network's feed), author (mailto) and date, and the
 * '(Admin Only)' flag. `action` adds a link per item (the site admin dashboard's View links). Everything is shown
 * as text.
 */
export function ActivityFeedList({
  items,
  action,
  showChapter = false,
  emptyText = "No activity yet.",
}: {
  items: ActivityFeedItemInfo[];
  action?: (item: ActivityFeedItemInfo) => ReactNode;
  showChapter?: boolean;
  emptyText?: string;
}) {
  if (items.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="activity-feed">
      {items.map((item) => {
        const Icon = ICONS[item.type] ?? FaStickyNote;
        const author = item.user ? item.user.name || item.user.email : null;
        return (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" p="3" data-testid="activity-item" data-type={item.type}>
            <HStack align="flex-start" gap="3">
              <Box pt="1" color="fg.muted" aria-hidden="true">
                <Icon />
              </Box>
              <Stack gap="1" flex="1" minW="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{item.title}</Text>
                  {item.adminOnly && <Badge colorPalette="warning">(Admin Only)</Badge>}
                </HStack>
                {item.note && (
                  <Text whiteSpace="pre-wrap" wordBreak="break-word">
                    {item.note}
                  </Text>
                )}
                <Text fontSize="sm" color="fg.muted" data-testid="activity-meta">
                  {showChapter && item.chapter && (
                    <>
                      <ChakraLink asChild color="link">
                        <RouterLink to={chapterPath(item.chapter)}>{item.chapter.displayTitle}</RouterLink>
                      </ChakraLink>
                      {" · "}
                    </>
                  )}
                  {author && item.user && mailtoHref(item.user.email) ? (
                    <ChakraLink href={mailtoHref(item.user.email)}>{author}</ChakraLink>
                  ) : (
                    (author ?? NO_AUTHOR)
                  )}
                  {" · "}
                  <time dateTime={item.createdAt}>{formatMedium(item.createdAt)}</time>
                </Text>
              </Stack>
              {action?.(item)}
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
}
