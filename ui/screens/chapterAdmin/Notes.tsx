import { Badge, Box, Button, Card, Checkbox, Field, HStack, Link as ChakraLink, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { ApiRequestError } from "../../api/client";
import { noteQueries, useAddChapterNote } from "../../api/notes";
import { usePagedList } from "../../api/paging";
import { LoadMore } from "../../components/LoadMore";
import { AsyncState } from "../../components/AsyncState";
import { SavedIndicator, useSaveState } from "../../components/SavedIndicator";
import { formatMedium } from "../../lib/formatDate";
import { mailtoHref } from "../../lib/text";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

/**
 * Notes (spec 001 section 2): Leave a Note (Admin Only for admins), and the Note Archive, newest first.
 * Hosts never receive admin-only notes from the server.
 */
export function Notes() {
  const { chapter } = useChapterAdmin();
  const notes = usePagedList(noteQueries.chapter(chapter.id));
  const addNote = useAddChapterNote();
  const [note, setNote] = useState("");
  const [adminOnly, setAdminOnly] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useSaveState();
  const [error, setError] = useState<string | null>(null);
  const canAdminOnly = chapter.abilities.writeAdminOnlyNotes;
  const invalid = note.trim() === "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setDirty(true);
    setError(null);
    if (invalid) return;
    setSaveState("saving");
    try {
      await addNote.mutateAsync({ chapterId: chapter.id, note: note.trim(), adminOnly: canAdminOnly && adminOnly });
      setNote("");
      setAdminOnly(false);
      setDirty(false);
      setSaveState("saved");
    } catch (err) {
      setSaveState("idle");
      setError(err instanceof ApiRequestError ? err.message : "The note could not be saved.");
    }
  };

  return (
    <AdminSection title="Notes">
      <Card.Root as="section" aria-label="Leave a Note">
        <Card.Header>
          <Card.Title as="h3">Leave a Note</Card.Title>
        </Card.Header>
        <Card.Body>
          <form onSubmit={handleSubmit} noValidate aria-label="Leave a Note">
            <Stack gap="3">
              <Field.Root required invalid={dirty && invalid}>
                <Field.Label>
                  Note <Field.RequiredIndicator />
                </Field.Label>
                <Textarea name="note" rows={4} value={note} onChange={(e) => { setNote(e.target.value); setDirty(true); }} />
                {dirty && invalid && <Field.ErrorText>Note is Required</Field.ErrorText>}
                {error && <Text color="danger.fg">{error}</Text>}
              </Field.Root>
              {canAdminOnly && (
                <Checkbox.Root checked={adminOnly} onCheckedChange={(d) => setAdminOnly(d.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Admin Only</Checkbox.Label>
                </Checkbox.Root>
              )}
              <HStack gap="4">
                <Button type="submit" colorPalette="brand" disabled={saveState === "saving"}>
                  Save
                </Button>
                <SavedIndicator state={saveState} />
              </HStack>
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
                      {n.user ? mailtoHref(n.user.email) ? <ChakraLink href={mailtoHref(n.user.email)}>{n.user.name}</ChakraLink> : <Text as="span">{n.user.name}</Text> : <Text as="span">Someone</Text>}
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
