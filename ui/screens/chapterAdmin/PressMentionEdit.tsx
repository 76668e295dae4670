import { Box, Button, Checkbox, Field, Heading, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { PressMentionInfo } from "../../../server/contracts/chapterAdmin";
import { pressMentionBodySchema } from "../../../server/contracts/pressMention";
import { pressMentionQueries, useDeletePressMention, useSavePressMention } from "../../api/pressMentions";
import { useFreshQuery } from "../../api/queryClient";
import { AsyncState } from "../../components/AsyncState";
import { FormField } from "../../components/FormField";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useSubmitForm } from "../../lib/forms";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, LoadError, Loading } from "./AdminSection";
import { SaveRow } from "../../components/SavedIndicator";

interface Values {
  title: string;
  url: string;
  notes: string;
  isVisible: boolean;
}

const EMPTY: Values = { title: "", url: "", notes: "", isVisible: true };

/** Add or edit a chapter press mention (edit when the route has a slug). Saving returns to the list. */
export function ChapterPressMentionEdit() {
  // The chapter's own slug is the area's :slug; the mention's is :mentionSlug.
  const { mentionSlug: slug } = useParams();
  const { chapter, basePath } = useChapterAdmin();
  const mentions = useFreshQuery({ ...pressMentionQueries.chapterAll(chapter.id), enabled: Boolean(slug) });
  const title = slug ? "Edit Press Mention" : "Add Press Mention";

  return (
    <AdminSection
      title={title}
      actions={
        <ChakraLink asChild>
          <RouterLink to={`${basePath}/press_mentions`}>All Press Mentions</RouterLink>
        </ChakraLink>
      }
    >
      {slug ? (
        <AsyncState query={mentions} loading={<Loading label="Loading press mention" />}>
          {(all) => <EditExisting key={slug} found={all.find((m) => m.slug === slug)} />}
        </AsyncState>
      ) : (
        <PressMentionForm key="new" />
      )}
    </AdminSection>
  );
}

/** The mention as it was when the form opened: a later answer (after saving or deleting it) leaves the form alone. */
function EditExisting({ found }: { found: PressMentionInfo | undefined }) {
  const [opened] = useState(found);
  return opened ? <PressMentionForm existing={opened} /> : <LoadError error="This press mention does not exist in this chapter." />;
}

function PressMentionForm({ existing }: { existing?: PressMentionInfo }) {
  const { chapter, basePath } = useChapterAdmin();
  const navigate = useNavigate();
  const save = useSavePressMention();
  const remove = useDeletePressMention();
  const listPath = `${basePath}/press_mentions`;
  const toBody = (v: Values) => ({ ...v, title: v.title.trim(), url: v.url.trim(), slug: existing?.slug, chapterId: chapter.id });
  const { values, set, field, submit, busy, error } = useSubmitForm<Values>({
    defaultValues: existing ? { title: existing.title, url: existing.url, notes: existing.notes, isVisible: existing.isVisible } : EMPTY,
    schema: pressMentionBodySchema,
    toBody,
    onSubmit: async (v) => {
      await save.mutateAsync(toBody(v));
      navigate(listPath);
    },
  });

  const [confirming, setConfirming] = useState(false);
  const handleDelete = async () => {
    if (!existing) return;
    await remove.mutateAsync(existing.slug);
    navigate(listPath);
  };

  return (
    <Stack gap="6">
      <form onSubmit={submit} noValidate aria-label="Press Mention">
        <Stack gap="4">
          <ErrorAlert message={error?.message ?? null} />
          <FormField label="Title" required {...field("title")} />
          <FormField label="URL" type="url" required {...field("url")} placeholder="https://" />
          <FormField label="Notes" multiline rows={3} {...field("notes")} />
          <Field.Root>
            <Checkbox.Root checked={values.isVisible} onCheckedChange={(d) => set("isVisible")(d.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Visible</Checkbox.Label>
            </Checkbox.Root>
            <Field.HelperText>Only visible press mentions are visible to the public</Field.HelperText>
          </Field.Root>
          {/* Saving leaves the form, so no Saved here. */}
          <SaveRow state="idle" disabled={busy} />
        </Stack>
      </form>
      {existing && (
        <Box borderWidth="1px" borderColor="border.error" borderRadius="md" p="4" as="section" aria-label="Danger! Irreversible!">
          <Heading as="h3" size="sm" color="danger.fg" mb="2">
            Danger! Irreversible!
          </Heading>
          <Text fontSize="sm" mb="3">
            Deleting removes this press mention for good.
          </Text>
          <Button colorPalette="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Delete Press Mention
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Delete Press Mention"
            message={`Delete "${existing.title}"? This cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={handleDelete}
            onClose={() => setConfirming(false)}
          />
        </Box>
      )}
    </Stack>
  );
}
