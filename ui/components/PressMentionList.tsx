import { Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { PublicPressMentionInfo } from "../../server/contracts/content";
import { chapterPath, formatCreated } from "../lib/format";

/** Press mentions as a list: title linking out, date, and the chapter when there is one. */
export function PressMentionList({ mentions, showChapter = true }: { mentions: PublicPressMentionInfo[]; showChapter?: boolean }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="press-mentions">
      {mentions.map((m) => (
        <li key={m.id}>
          <Link href={m.url} target="_blank" rel="noopener noreferrer" fontWeight="semibold" color="link">
            {m.title}
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {formatCreated(m.createdAt)}
            {showChapter && m.chapter && (
              <>
                {" · "}
                <Link asChild color="link">
                  <RouterLink to={chapterPath(m.chapter)}>{m.chapter.displayTitle}</RouterLink>
                </Link>
              </>
            )}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
