import { Alert, Box, Button, Checkbox, Field, Heading, HStack, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { ChapterSummary } from "../../../../server/contracts/chapter";
import type { PressMentionAdmin } from "../../../../server/contracts/siteAdmin";
import { ApiRequestError } from "../../../api/client";
import { siteAdminApi } from "../../../api/siteAdmin";
import { FormField } from "../../../components/FormField";
import { notify } from "../../../components/Toaster";
import { LoadState, loadError } from "../shared/LoadState";

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
  const [mention, setMention] = useState<PressMentionAdmin | null>(null);
  const [chapters, setChapters] = useState<ChapterSummary[]>([]);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [notes, setNotes] = useState("");
  const [isVisible, setIsVisible] = useState(true);
  const [chapterId, setChapterId] = useState(NO_CHAPTER);
  const [dirty, setDirty] = useState<{ title?: boolean; url?: boolean }>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    siteAdminApi.chapters().then(setChapters, () => {});
    if (!slug) return;
    siteAdminApi.pressMentions().then(
      (all) => {
        const found = all.find((m) => m.slug === slug);
        if (!found) return setLoadFailed("This press mention does not exist.");
        setMention(found);
        setTitle(found.title);
        setUrl(found.url);
        setNotes(found.notes);
        setIsVisible(found.isVisible);
        setChapterId(found.chapterId);
      },
      () => setLoadFailed(loadError("The press mention")),
    );
  }, [slug]);

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
      await siteAdminApi.savePressMention({ ...(mention ? { slug: mention.slug } : {}), title: title.trim(), url: url.trim(), notes, isVisible, chapterId });
      navigate("/admin/press_mentions");
    } catch (err) {
      setServerError(err instanceof ApiRequestError ? err.message : "Not saved. Please try again.");
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    if (!mention || !window.confirm(`Delete "${mention.title}"? This cannot be undone.`)) return;
    try {
      await siteAdminApi.deletePressMention(mention.slug);
      navigate("/admin/press_mentions");
    } catch (err) {
      notify("error", "The press mention was not deleted", err instanceof ApiRequestError ? err.message : undefined);
    }
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
              {chapters.map((c) => <option key={c.id} value={c.id}>{c.displayTitle} ({c.state.toUpperCase()})</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box>
          <Checkbox.Root checked={isVisible} onCheckedChange={(e) => setIsVisible(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Visible</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="gray.600">Only visible press mentions are visible to the public</Text>
        </Box>
        {serverError && <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{serverError}</Alert.Title></Alert.Root>}
        <HStack gap="4">
          <Button type="submit" colorPalette="blue" loading={saving}>Save</Button>
          <Link asChild><RouterLink to="/admin/press_mentions">All Press Mentions</RouterLink></Link>
        </HStack>
        {editing && (
          <Box borderTopWidth="1px" pt="4">
            <Text fontWeight="semibold" color="red.700">Danger! Irreversible!</Text>
            <Button mt="2" colorPalette="red" variant="outline" onClick={() => void handleDelete()}>Delete Press Mention</Button>
          </Box>
        )}
      </Stack>
    </form>
  );

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">{editing ? "Edit" : "Add"} Press Mention</Heading>
      {editing ? <LoadState loading={!mention} error={loadFailed}>{form}</LoadState> : form}
    </Stack>
  );
}
