import { Badge, Box, Card, Checkbox, Field, HStack, Link as ChakraLink, Stack, Text, Textarea } from "@chakra-ui/react";
import { noteBodySchema } from "../../../server/contracts/notes";
import { noteQueries, useAddChapterNote } from "../../api/notes";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { AsyncState } from "../../components/AsyncState";
import { SaveRow } from "../../components/SavedIndicator";
import { formatMedium } from "../../lib/formatDate";
import { useSubmitForm } from "../../lib/forms";
import { mailtoHref } from "../../lib/text";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

interface NoteValues {
  note: string;
  adminOnly: boolean;
}

/**
 * Notes (spec 001 section 2): Leave a Note (Admin Only for admins), and the Note Archive, newest first.
 * Hosts never receive admin-only notes from the server.
 */
export function Notes() {
  const { chapter } = useChapterAdmin();
  const notes = usePagedList(noteQueries.chapter(chapter.id));
  const addNote = useAddChapterNote();
  const canAdminOnly = chapter.abilities.writeAdminOnlyNotes;
  const toBody = (v: NoteValues) => ({ chapterId: chapter.id, note: v.note.trim(), adminOnly: canAdminOnly && v.adminOnly });
  const { values, set, errorOf, submit, error, saveState } = useSubmitForm<NoteValues>({
    defaultValues: { note: "", adminOnly: false },
    schema: noteBodySchema,
    serverErrorsAbove: true,
    toBody,
    onSubmit: async (v, { reset }) => {
      await addNote.mutateAsync(toBody(v));
      reset();
    },
  });
  const noteError = errorOf("note");

  return (
    <AdminSection title="Notes">
      <Card.Root as="section" aria-label="Leave a Note">
        <Card.Header>
          <Card.Title as="h3">Leave a Note</Card.Title>
        </Card.Header>
        <Card.Body>
          <form onSubmit={submit} noValidate aria-label="Leave a Note">
            <Stack gap="3">
              <Field.Root required invalid={Boolean(noteError)}>
                <Field.Label>
                  Note <Field.RequiredIndicator />
                </Field.Label>
                <Textarea name="note" rows={4} value={values.note} onChange={(e) => set("note")(e.target.value)} />
                {noteError && <Field.ErrorText>{noteError}</Field.ErrorText>}
                {error && <Text color="danger.fg">{error.message}</Text>}
              </Field.Root>
              {canAdminOnly && (
                <Checkbox.Root checked={values.adminOnly} onCheckedChange={(d) => set("adminOnly")(d.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Admin Only</Checkbox.Label>
                </Checkbox.Root>
              )}
              <SaveRow state={saveState} />
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-label="Note Archive">
        <Card.Header>
          <Card.Title as="h3">Note Archive</Card.Title>
        </Card.Header>
        <Card.Body>
          <AsyncState query={notes} loading={<Loading label="Loading notes" />} empty={<Text color="fg.muted">No notes yet.</Text>}>
            {(list) => (
              <Stack as="ul" gap="3" listStyleType="none" data-testid="note-archive">
                {list.map((n) => (
                  <Box as="li" key={n.id} borderWidth="1px" borderRadius="md" p="3" data-testid="note-item">
                    <Text whiteSpace="pre-wrap" wordBreak="break-word">
                      {n.note}
                    </Text>
                    <HStack gap="2" fontSize="sm" color="fg.muted" mt="2" wrap="wrap">
                      {n.user ? (
                        mailtoHref(n.user.email) ? (
                          <ChakraLink href={mailtoHref(n.user.email)}>{n.user.name}</ChakraLink>
                        ) : (
                          <Text as="span">{n.user.name}</Text>
                        )
                      ) : (
                        <Text as="span">Someone</Text>
                      )}
                      <Text as="span">{formatMedium(n.createdAt)}</Text>
                      {n.adminOnly && <Badge colorPalette="warning">Admin Only</Badge>}
                    </HStack>
                  </Box>
                ))}
              </Stack>
            )}
          </AsyncState>
          <LoadMore query={notes} label="Older Notes" />
        </Card.Body>
      </Card.Root>
    </AdminSection>
  );
}
