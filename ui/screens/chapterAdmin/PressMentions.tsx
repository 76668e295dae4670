import { Badge, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { pressMentionQueries } from "../../api/pressMentions";
import { AsyncState } from "../../components/AsyncState";
import { formatMediumDate } from "../../lib/formatDate";
import { safeHref } from "../../lib/text";
import { useChapterAdmin } from "./ChapterAdminContext";
import { EditableListItem } from "../../components/EditableListItem";
import { AdminSection, Loading } from "./AdminSection";
import { LinkButton } from "../../components/LinkButton";

/** Press Mentions of the chapter (spec 001 section 2): every one, visible or not, with Add and Edit. */
export function PressMentions() {
  const { chapter, basePath } = useChapterAdmin();
  const mentions = useQuery(pressMentionQueries.chapterAll(chapter.id));
  return (
    <AdminSection
      title="Press Mentions"
      actions={
        <LinkButton colorPalette="brand" size="sm">
          <RouterLink to={`${basePath}/press_mentions/add`}>Add Press Mention</RouterLink>
        </LinkButton>
      }
    >
      <AsyncState
        query={mentions}
        loading={<Loading label="Loading press mentions" />}
        empty={<Text color="fg.muted">This chapter has no press mentions yet.</Text>}
      >
        {(list) => (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="press-mention-list">
            {list.map((m) => (
              <EditableListItem key={m.id} data-testid="press-mention-item" editTo={`${basePath}/press_mentions/edit/${m.slug}`} editLabel={`Edit ${m.title}`}>
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{m.title}</Text>
                  {m.isVisible ? <Badge colorPalette="success">Visible</Badge> : <Badge>Hidden</Badge>}
                </HStack>
                {safeHref(m.url) ? (
                  <ChakraLink href={safeHref(m.url)} target="_blank" rel="noopener noreferrer nofollow" fontSize="sm" wordBreak="break-all">
                    {m.url}
                  </ChakraLink>
                ) : (
                  <Text fontSize="sm" wordBreak="break-all">
                    {m.url}
                  </Text>
                )}
                {m.notes && (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
                    {m.notes}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {formatMediumDate(m.createdAt)}
                </Text>
              </EditableListItem>
            ))}
          </Stack>
        )}
      </AsyncState>
    </AdminSection>
  );
}
