import { Alert, Box, Button, Checkbox, Field, Heading, HStack, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { PressMentionAdmin } from "../../../../server/contracts/siteAdmin";
import { chapterQueries } from "../../../api/chapters";
import { ApiRequestError } from "../../../api/client";
import { pressMentionQueries, useDeletePressMention, useSavePressMention } from "../../../api/pressMentions";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState, LoadError, Loading } from "../../../components/AsyncState";
import { FormField } from "../../../components/FormField";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { loadError } from "../shared/loadError";

/** -1 means the mention belongs to no chapter (spec 001 section 3). */
const NO_CHAPTER = -1;

/**
 * /admin/press_mentions/add and edit/{slug}: Title, URL, Notes, Visible and an optional chapter.
 * Saves through POST /api/press_mention/ and deletes through DELETE /api/press_mention/slug/{slug}.
 */
export function PressMentionEdit() {
  const { slug } = useParams();
  const editing = Boolean(slug);
  const navigate = useNavigate();
  const chapters = useQuery(chapterQueries.list());
  const mentions = useFreshQuery({ ...pressMentionQueries.adminAll(), enabled: editing });
  const save = useSavePressMention();
  const remove = useDeletePressMention();
  const [mention, setMention] = useState<PressMentionAdmin | null>(null);
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [notes, setNotes] = useState("");
  const [isVisible, setIsVisible] = useState(true);
  const [chapterId, setChapterId] = useState(NO_CHAPTER);
  const [dirty, setDirty] = useState<{ title?: boolean; url?: boolean }>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // The form starts from the mention its address names; answers after a save or a delete leave it alone.
  useEffect(() => {
    const found = mentions.data?.find((m) => m.slug === slug);
    if (!found || mention?.slug === slug) return;
    setMention(found);
    setTitle(found.title);
    setUrl(found.url);
    setNotes(found.notes);
    setIsVisible(found.isVisible);
    setChapterId(found.chapterId);
  }, [mentions.data, slug, mention]);

  const titleError = dirty.title && title.trim() === "" ? "Title is Required" : null;
  const urlError = dirty.url && url.trim() === "" ? "URL is Required" : null;
  const valid = title.trim() !== "" && url.trim() !== "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setDirty({ title: true, url: true });
    if (!valid || saving) return;
    setSaving(true);
    setServerError(null);
    try {
      await save.mutateAsync({ ...(mention ? { slug: mention.slug } : {}), title: title.trim(), url: url.trim(), notes, isVisible, chapterId });
      navigate("/admin/press_mentions");
    } catch (err) {
      setServerError(err instanceof ApiRequestError ? err.message : "Not saved. Please try again.");
      setSaving(false);
    }
  };

  const [confirming, setConfirming] = useState(false);
  const handleDelete = async () => {
    if (!mention) return;
    await remove.mutateAsync(mention.slug);
    navigate("/admin/press_mentions");
  };

  const form = (
    <form onSubmit={handleSubmit} aria-label={editing ? "Edit Press Mention" : "Add Press Mention"} noValidate>
      <Stack gap="4" maxW="2xl">
        <FormField label="Title" name="title" required value={title} onChange={(v) => { setTitle(v); setDirty((d) => ({ ...d, title: true })); }} error={titleError} />
        <FormField label="URL" name="url" type="url" required value={url} onChange={(v) => { setUrl(v); setDirty((d) => ({ ...d, url: true })); }} error={urlError} />
        <FormField label="Notes" name="notes" multiline value={notes} onChange={setNotes} />
        <Field.Root>
          <Field.Label>Chapter</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="chapterId" value={String(chapterId)} onChange={(e) => setChapterId(Number(e.target.value))}>
              <option value={NO_CHAPTER}>No chapter</option>
              {(chapters.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.displayTitle} ({c.state.toUpperCase()})</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {chapters.isError && <Text fontSize="sm" color="danger.fg">{loadError("The chapters")}</Text>}
        </Field.Root>
        <Box>
          <Checkbox.Root checked={isVisible} onCheckedChange={(e) => setIsVisible(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Visible</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="fg.muted">Only visible press mentions are visible to the public</Text>
        </Box>
        {serverError && <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{serverError}</Alert.Title></Alert.Root>}
        <HStack gap="4">
          <Button type="submit" colorPalette="brand" loading={saving}>Save</Button>
          <Link asChild><RouterLink to="/admin/press_mentions">All Press Mentions</RouterLink></Link>
        </HStack>
        {editing && (
          <Box borderTopWidth="1px" pt="4">
            <Text fontWeight="semibold" color="danger.fg">Danger! Irreversible!</Text>
            <Button mt="2" colorPalette="danger" variant="outline" onClick={() => setConfirming(true)}>Delete Press Mention</Button>
            <ConfirmDialog
              open={confirming}
              title="Delete Press Mention"
              message={`Delete "${mention?.title ?? ""}"? This cannot be undone.`}
              confirmLabel="Delete"
              onConfirm={handleDelete}
              onClose={() => setConfirming(false)}
            />
          </Box>
        )}
      </Stack>
    </form>
  );

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">{editing ? "Edit" : "Add"} Press Mention</Heading>
      {editing ? (
        <AsyncState query={mentions} error={<LoadError error={loadError("The press mention")} />}>
          {(all) => (mention ? form : all.some((m) => m.slug === slug) ? <Loading /> : <LoadError error="This press mention does not exist." />)}
        </AsyncState>
      ) : (
        form
      )}
    </Stack>
  );
}
