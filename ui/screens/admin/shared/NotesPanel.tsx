import { Box, Button, Card, Field, Heading, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { adminNoteBodySchema } from "../../../../server/contracts/notes";
import type { NoteInfo } from "../../../../server/contracts/siteAdmin";
import { AsyncState } from "../../../components/AsyncState";
import { LoadMore } from "../../../components/LoadMore";
import type { usePagedList } from "../../../api/paging";
import { notify } from "../../../components/Toaster";
import { useSubmitForm } from "../../../lib/forms";
import { formatDateTime } from "../format";

interface Props {
  /** The notes read so far (a page at a time). */
  notes: ReturnType<typeof usePagedList<NoteInfo>>;
  /** Saves the note (a write that invalidates the notes); the form then resets and the note shows at the top. */
  onSave: (note: string) => Promise<unknown>;
  /** Show 'Note is Required' when the field was edited and is empty (applications); users show no message. */
  showRequired?: boolean;
}

/** 'Leave a Note' form and the 'Note Archive', newest first. */
export function NotesPanel({ notes, onSave, showRequired }: Props) {
  const { values, set, errorOf, submit, busy } = useSubmitForm<{ note: string }>({
    defaultValues: { note: "" },
    schema: adminNoteBodySchema,
    toBody: (v) => ({ note: v.note.trim() }),
    onSubmit: async (v, { reset }) => {
      await onSave(v.note.trim());
      reset();
    },
    onError: (failure) => notify("error", "The note was not saved", failure.message),
  });
  const empty = values.note.trim() === "";
  const noteError = showRequired ? errorOf("note") : undefined;

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <form onSubmit={submit} aria-label="Leave a Note">
            <Stack gap="3">
              <Heading as="h3" size="md">
                Leave a Note
              </Heading>
              <Field.Root invalid={Boolean(noteError)} required>
                <Field.Label>Note</Field.Label>
                <Textarea name="note" value={values.note} rows={3} onChange={(e) => set("note")(e.target.value)} />
                {noteError && <Field.ErrorText>{noteError}</Field.ErrorText>}
              </Field.Root>
              <HStack>
                <Button type="submit" colorPalette="brand" disabled={empty || busy} loading={busy}>
                  Save
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <Box>
        <Heading as="h3" size="md" mb="3">
          Note Archive
        </Heading>
        <AsyncState query={notes} loading={<Text color="fg.muted">Loading...</Text>} empty={<Text color="fg.muted">No notes yet.</Text>}>
          {(list) => (
            <Stack as="ul" gap="3" listStyleType="none" data-testid="note-archive">
              {list.map((n) => (
                <Box as="li" key={n.id} borderWidth="1px" rounded="md" p="3">
                  <Text whiteSpace="pre-wrap">{n.note}</Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {n.user ? <Link href={`mailto:${n.user.email}`}>{n.user.name}</Link> : "Someone"} · {formatDateTime(n.createdAt)}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </AsyncState>
        <LoadMore query={notes} label="Older Notes" />
      </Box>
    </Stack>
  );
}
