import { Box, Button, Card, Field, Heading, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import type { NoteInfo } from "../../../../server/contracts/siteAdmin";
import { ApiRequestError } from "../../../api/client";
import { AsyncState } from "../../../components/AsyncState";
import { LoadMore } from "../../../components/LoadMore";
import type { usePagedList } from "../../../api/paging";
import { notify } from "../../../components/Toaster";
import { formatDateTime } from "../format";

interface Props {
  /** The notes read so far (a page at a time). */
  notes: ReturnType<typeof usePagedList<NoteInfo>>;
  /** Saves the note (a write that invalidates the notes); the form then resets and the note shows at the top. */
  onSave: (note: string) => Promise<unknown>;
  /** 'Note is Required' when the field was edited and is empty (applications); users show no message. */
  requiredMessage?: string;
}

/** 'Leave a Note' form and the 'Note Archive', newest first. */
export function NotesPanel({ notes, onSave, requiredMessage }: Props) {
  const [text, setText] = useState("");
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const empty = text.trim() === "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (empty || saving) return;
    setSaving(true);
    try {
      await onSave(text.trim());
      setText("");
      setDirty(false);
    } catch (err) {
      notify("error", "The note was not saved", err instanceof ApiRequestError ? err.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  const showError = Boolean(requiredMessage) && dirty && empty;
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <form onSubmit={handleSubmit} aria-label="Leave a Note">
            <Stack gap="3">
              <Heading as="h3" size="md">Leave a Note</Heading>
              <Field.Root invalid={showError} required>
                <Field.Label>Note</Field.Label>
                <Textarea
                  name="note"
                  value={text}
                  rows={3}
                  onChange={(e) => {
                    setText(e.target.value);
                    setDirty(true);
                  }}
                />
                {showError && <Field.ErrorText>{requiredMessage}</Field.ErrorText>}
              </Field.Root>
              <HStack>
                <Button type="submit" colorPalette="brand" disabled={empty || saving} loading={saving}>
                  Save
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <Box>
        <Heading as="h3" size="md" mb="3">Note Archive</Heading>
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
