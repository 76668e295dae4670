import { Alert, Button, Field, Heading, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router-dom";
import type { ChapterDetail } from "../../../server/contracts/chapter";
import { REVIVE_ANCHOR, REVIVE_CHAPTER_PATH, REVIVE_MESSAGE_MAX, type ReviveResult } from "../../../server/contracts/chapterRevive";
import { chapterKeys } from "../../api/chapters";

/** Whom the form writes to, as the page says it: "Ann Lee, the chapter's field organizer" or "the Living Liberally network". */
const recipientText = (contact: NonNullable<ChapterDetail["reviveContact"]>) =>
  contact.kind === "field_organizer" ? `${contact.name}, its field organizer` : `the ${contact.name} network`;

/**
 * "Help bring it back": a short note from a visitor to whoever can help a hidden chapter meet again. A plain form
 * post (server/web/reviveChapter.ts), the same with JavaScript on or off; the answer comes back to this section,
 * "sent" or the problem with what was typed filled in again.
 */
export function ReviveChapterForm({ chapter }: { chapter: ChapterDetail }) {
  const queryClient = useQueryClient();
  // Read once: the result shows on the page it was posted from, not again after a later visit.
  const [posted] = useState(() => queryClient.getQueryData<ReviveResult>(chapterKeys.reviveResult(chapter.id)));
  const { pathname } = useLocation();
  const contact = chapter.reviveContact;
  if (!contact) return null;
  const typed = posted && !posted.ok ? posted.typed : undefined;
  return (
    <Stack as="section" aria-labelledby="revive-heading" gap="3" id={REVIVE_ANCHOR} data-testid="revive-chapter">
      <Heading as="h2" size="md" id="revive-heading">
        Help bring it back
      </Heading>
      {posted?.ok ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Thank you! Your message was sent.</Alert.Title>
            <Alert.Description>{`${posted.sentTo ?? contact.name} will write back to you by email.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          <Text>{`Would you like this chapter to meet again? Write to ${recipientText(contact)}: they can help you host it or find others who will.`}</Text>
          {posted && !posted.ok && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{posted.message || "Your message could not be sent."}</Alert.Title>
            </Alert.Root>
          )}
          <form method="post" action={REVIVE_CHAPTER_PATH} aria-labelledby="revive-heading" noValidate>
            <input type="hidden" name="chapterId" value={chapter.id} />
            <input type="hidden" name="back" value={pathname} />
            <Stack gap="3" maxW="lg">
              <Field.Root required invalid={posted?.field === "name"}>
                <Field.Label>Your name</Field.Label>
                <Input name="name" autoComplete="name" defaultValue={typed?.name ?? ""} maxLength={100} />
              </Field.Root>
              <Field.Root required invalid={posted?.field === "email"}>
                <Field.Label>Your email</Field.Label>
                <Input name="email" type="email" autoComplete="email" defaultValue={typed?.email ?? ""} />
              </Field.Root>
              <Field.Root required invalid={posted?.field === "message"}>
                <Field.Label>Message</Field.Label>
                <Textarea name="message" rows={4} maxLength={REVIVE_MESSAGE_MAX} defaultValue={typed?.message ?? ""} />
              </Field.Root>
              <Button type="submit" colorPalette="brand" alignSelf="flex-start">
                Send message
              </Button>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
