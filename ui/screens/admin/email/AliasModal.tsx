import { Button, CloseButton, Dialog, Field, HStack, IconButton, Input, NativeSelect, Portal, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { chapterQueries } from "../../../api/chapters";
import { useSaveAlias } from "../../../api/emailAliases";
import type { ChapterSummary } from "../../../../server/contracts/chapter";
import { ChapterPicker } from "../../../components/ChapterPicker";
import type { EmailAliasInfo, EmailAliasInput } from "../../../../server/contracts/mailingList";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { useSubmitForm } from "../../../lib/forms";
import { aliasErrorMessage } from "./aliasErrors";

interface Props {
  open: boolean;
  /** The alias being edited; null to add one. */
  alias: EmailAliasInfo | null;
  domains: { type: string; domain: string }[];
  onClose: () => void;
  onSaved: (alias: EmailAliasInfo) => void;
}

interface AliasValues {
  localPart: string;
  domain: string;
  recipients: string[];
  chapterId: number | null;
}

/** The form's start: the alias being edited, or a new one on the first domain with one blank recipient row. */
const valuesOf = (alias: EmailAliasInfo | null, domains: { domain: string }[]): AliasValues => ({
  localPart: alias?.localPart ?? "",
  domain: alias?.domain ?? domains[0]?.domain ?? "",
  recipients: alias?.recipients.length ? [...alias.recipients] : [""],
  chapterId: alias?.chapterId ?? null,
});

const nonBlankOf = (recipients: string[]) => recipients.map((r) => r.trim()).filter(Boolean);

/**
 * Add or edit an alias (spec 001 section 5): valid with a local part, a domain and at least one non-blank
 * recipient; blank recipients are dropped on save; one recipient row always remains. The local part is locked
 * when editing or when a chapter is chosen; the domain is locked when a chapter is chosen.
 */
export function AliasModal({ open, alias, domains, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const save = useSaveAlias();
  const { form, values, set, submit, busy, error } = useSubmitForm<AliasValues>({
    defaultValues: valuesOf(alias, domains),
    serverErrorsAbove: true,
    onSubmit: async (v) => {
      const input: EmailAliasInput = { localPart: v.localPart.trim(), domain: v.domain, recipients: nonBlankOf(v.recipients), chapterId: v.chapterId };
      onSaved(await save.mutateAsync({ id: alias?.id, input }));
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(alias, domains));
  }, [open, alias, domains, reset]);
  const { localPart, domain, recipients, chapterId } = values;
  const setRecipients = set("recipients");

  const handleChapter = async (chapter: ChapterSummary | null) => {
    set("chapterId")(chapter?.id ?? null);
    if (!chapter) return;
    // The domain follows the chapter's type and is locked (spec 001 section 5): from the chosen match at once,
    // then from the chapter itself, with its email alias.
    const domainOf = (typeName: string | undefined) => domains.find((d) => d.type === typeName?.toLowerCase())?.domain;
    const fromMatch = domainOf(chapter.chapterType?.name);
    if (fromMatch) set("domain")(fromMatch);
    try {
      const detail = await queryClient.fetchQuery(chapterQueries.byId(chapter.id));
      const fromChapter = domainOf(detail.chapterType?.name);
      if (fromChapter) set("domain")(fromChapter);
      if (!alias && detail.emailAlias) set("localPart")(detail.emailAlias);
    } catch {
      // Logged by the query cache; the admin can still type the local part, and the server checks the domain.
    }
  };

  const valid = localPart.trim() !== "" && domain !== "" && nonBlankOf(recipients).length > 0;
  const localLocked = Boolean(alias) || chapterId !== null;

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
                <ChapterPicker label="Chapter (optional)" value={chapterId} onChange={(chapter) => void handleChapter(chapter)} />
                <HStack align="flex-end" gap="2">
                  <Field.Root required flex="1">
                    <Field.Label>Local part</Field.Label>
                    <Input
                      value={localPart}
                      onChange={(e) => set("localPart")(e.target.value)}
                      readOnly={localLocked}
                      disabled={localLocked}
                      aria-label="Local part"
                    />
                  </Field.Root>
                  <Text pb="2">@</Text>
                  <Field.Root required flex="1" disabled={chapterId !== null}>
                    <Field.Label>Domain</Field.Label>
                    <NativeSelect.Root disabled={chapterId !== null}>
                      <NativeSelect.Field aria-label="Domain" value={domain} onChange={(e) => set("domain")(e.target.value)}>
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
                        onChange={(e) => setRecipients(recipients.map((x, j) => (j === i ? e.target.value : x)))}
                      />
                      <IconButton
                        aria-label={`Remove recipient ${i + 1}`}
                        variant="outline"
                        size="sm"
                        disabled={recipients.length === 1}
                        onClick={() => setRecipients(recipients.filter((_, j) => j !== i))}
                      >
                        ×
                      </IconButton>
                    </HStack>
                  ))}
                  <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setRecipients([...recipients, ""])}>
                    Add Recipient
                  </Button>
                </Stack>
                <ErrorAlert message={error && `Failed to save alias: ${aliasErrorMessage(error)}`} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={() => void submit()} disabled={!valid || busy} loading={busy} loadingText="Saving...">
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
