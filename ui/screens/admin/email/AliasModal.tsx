import { Alert, Button, CloseButton, Dialog, Field, HStack, IconButton, Input, NativeSelect, Portal, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { chapterQueries } from "../../../api/chapters";
import { useSaveAlias } from "../../../api/emailAliases";
import type { ChapterSummary } from "../../../../server/contracts/chapter";
import type { EmailAliasInfo, EmailAliasInput } from "../../../../server/contracts/mailingList";
import { aliasErrorMessage } from "./aliasErrors";

interface Props {
  open: boolean;
  /** The alias being edited; null to add one. */
  alias: EmailAliasInfo | null;
  domains: { type: string; domain: string }[];
  chapters: ChapterSummary[];
  onClose: () => void;
  onSaved: (alias: EmailAliasInfo) => void;
}

/**
 * Add or edit an alias (spec 001 section 5): valid with a local part, a domain and at least one non-blank
 * recipient; blank recipients are dropped on save; one recipient row always remains. The local part is locked
 * when editing or when a chapter is chosen; the domain is locked when a chapter is chosen.
 */
export function AliasModal({ open, alias, domains, chapters, onClose, onSaved }: Props) {
  const [localPart, setLocalPart] = useState("");
  const [domain, setDomain] = useState("");
  const [recipients, setRecipients] = useState<string[]>([""]);
  const [chapterId, setChapterId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useSaveAlias();

  useEffect(() => {
    if (!open) return;
    setLocalPart(alias?.localPart ?? "");
    setDomain(alias?.domain ?? domains[0]?.domain ?? "");
    setRecipients(alias?.recipients.length ? [...alias.recipients] : [""]);
    setChapterId(alias?.chapterId ?? null);
    setError(null);
    setBusy(false);
  }, [open, alias, domains]);

  const handleChapter = async (value: string) => {
    const id = value ? Number(value) : null;
    setChapterId(id);
    if (!id) return;
    // The domain follows the chapter's type and is locked (spec 001 section 5): from the list at once, then from
    // the chapter itself (the list may not carry the type).
    const domainOf = (typeName: string | undefined) => domains.find((d) => d.type === typeName?.toLowerCase())?.domain;
    const fromList = domainOf(chapters.find((c) => c.id === id)?.chapterType?.name);
    if (fromList) setDomain(fromList);
    try {
      const detail = await queryClient.fetchQuery(chapterQueries.byId(id));
      const fromChapter = domainOf(detail.chapterType?.name);
      if (fromChapter) setDomain(fromChapter);
      if (!alias && detail.emailAlias) setLocalPart(detail.emailAlias);
    } catch {
      // Logged by the query cache; the admin can still type the local part, and the server checks the domain.
    }
  };

  const nonBlank = recipients.map((r) => r.trim()).filter(Boolean);
  const valid = localPart.trim() !== "" && domain !== "" && nonBlank.length > 0;
  const localLocked = Boolean(alias) || chapterId !== null;

  const handleSave = async () => {
    if (!valid) return;
    setBusy(true);
    setError(null);
    const input: EmailAliasInput = { localPart: localPart.trim(), domain, recipients: nonBlank, chapterId };
    try {
      const saved = await save.mutateAsync({ id: alias?.id, input });
      onSaved(saved);
    } catch (err) {
      setError(`Failed to save alias: ${aliasErrorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} closeOnEscape closeOnInteractOutside>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="alias-modal">
            <Dialog.Header>
              <Dialog.Title>{alias ? "Edit Email Alias" : "Add Email Alias"}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>Chapter (optional)</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field aria-label="Chapter" value={chapterId ?? ""} onChange={(e) => void handleChapter(e.target.value)}>
                      <option value="">No chapter</option>
                      {chapters.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.displayTitle}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <HStack align="flex-end" gap="2">
                  <Field.Root required flex="1">
                    <Field.Label>Local part</Field.Label>
                    <Input
                      value={localPart}
                      onChange={(e) => setLocalPart(e.target.value)}
                      readOnly={localLocked}
                      disabled={localLocked}
                      aria-label="Local part"
                    />
                  </Field.Root>
                  <Text pb="2">@</Text>
                  <Field.Root required flex="1" disabled={chapterId !== null}>
                    <Field.Label>Domain</Field.Label>
                    <NativeSelect.Root disabled={chapterId !== null}>
                      <NativeSelect.Field aria-label="Domain" value={domain} onChange={(e) => setDomain(e.target.value)}>
                        {domains.map((d) => (
                          <option key={d.domain} value={d.domain}>
                            {d.domain}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </HStack>
                {chapterId !== null && (
                  <Text fontSize="sm" color="fg.muted" data-testid="alias-locked-reason">
                    The local part and domain come from the chosen chapter: its email alias and its chapter type's domain.
                  </Text>
                )}
                <Stack gap="2">
                  <Text fontWeight="medium">Recipients</Text>
                  {recipients.map((r, i) => (
                    <HStack key={i}>
                      <Input
                        type="email"
                        value={r}
                        aria-label={`Recipient ${i + 1}`}
                        onChange={(e) => setRecipients((list) => list.map((x, j) => (j === i ? e.target.value : x)))}
                      />
                      <IconButton
                        aria-label={`Remove recipient ${i + 1}`}
                        variant="outline"
                        size="sm"
                        disabled={recipients.length === 1}
                        onClick={() => setRecipients((list) => list.filter((_, j) => j !== i))}
                      >
                        ×
                      </IconButton>
                    </HStack>
                  ))}
                  <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setRecipients((list) => [...list, ""])}>
                    Add Recipient
                  </Button>
                </Stack>
                {error && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={handleSave} disabled={!valid || busy} loading={busy} loadingText="Saving...">
                Save
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
