import { Alert, Box, Button, Checkbox, Field, HStack, Heading, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { isHttpUrl, type PressMentionInfo } from "../../../server/contracts/chapterAdmin";
import { ApiRequestError } from "../../api/client";
import { pressMentionQueries, useDeletePressMention, useSavePressMention } from "../../api/pressMentions";
import { useFreshQuery } from "../../api/queryClient";
import { AsyncState } from "../../components/AsyncState";
import { FormField } from "../../components/FormField";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, LoadError, Loading } from "./AdminSection";

interface Values {
  title: string;
  url: string;
  notes: string;
  isVisible: boolean;
}

const EMPTY: Values = { title: "", url: "", notes: "", isVisible: true };

export function pressMentionErrors(v: Values): Partial<Record<"title" | "url", string>> {
  const e: Partial<Record<"title" | "url", string>> = {};
  if (!v.title.trim()) e.title = "Title is Required";
  if (!v.url.trim()) e.url = "URL is Required";
  else if (!isHttpUrl(v.url)) e.url = "URL must start with http:// or https://";
  return e;
}

/** Add or edit a chapter press mention (edit when the route has a slug). Saving returns to the list. */
export function PressMentionEdit() {
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
  const [values, setValues] = useState<Values>(existing ? { title: existing.title, url: existing.url, notes: existing.notes, isVisible: existing.isVisible } : EMPTY);
  const [dirty, setDirty] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const errors = pressMentionErrors(values);
  const listPath = `${basePath}/press_mentions`;

  useEffect(() => setError(null), [values]);

  const set = <K extends keyof Values>(k: K) => (v: Values[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setDirty((old) => ({ ...old, [k]: true }));
  };
  const shown = (k: "title" | "url") => ((submitted || dirty[k]) && errors[k]) || (error?.field === k ? error.message : undefined);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.url) return;
    setBusy(true);
    try {
      await save.mutateAsync({ ...values, title: values.title.trim(), url: values.url.trim(), slug: existing?.slug, chapterId: chapter.id });
      navigate(listPath);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiRequestError ? err : new ApiRequestError(0, (err as Error).message, "client_error", undefined, null));
    }
  };

  const [confirming, setConfirming] = useState(false);
  const handleDelete = async () => {
    if (!existing) return;
    await remove.mutateAsync(existing.slug);
    navigate(listPath);
  };

  return (
    <Stack gap="6">
      <form onSubmit={handleSubmit} noValidate aria-label="Press Mention">
        <Stack gap="4">
          {error && !error.field && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error.message}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Title" name="title" required value={values.title} onChange={set("title")} error={shown("title")} />
          <FormField label="URL" name="url" type="url" required value={values.url} onChange={set("url")} error={shown("url")} placeholder="https://" />
          <FormField label="Notes" name="notes" multiline rows={3} value={values.notes} onChange={set("notes")} />
          <Field.Root>
            <Checkbox.Root checked={values.isVisible} onCheckedChange={(d) => set("isVisible")(d.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Visible</Checkbox.Label>
            </Checkbox.Root>
            <Field.HelperText>Only visible press mentions are visible to the public</Field.HelperText>
          </Field.Root>
          <HStack>
            <Button type="submit" colorPalette="brand" disabled={busy}>
              Save
            </Button>
          </HStack>
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
