import { Box, Button, Checkbox, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { pressMentionBodySchema } from "../../../../server/contracts/pressMention";
import type { PressMentionAdmin } from "../../../../server/contracts/siteAdmin";
import { pressMentionQueries, useDeletePressMention, useSavePressMention } from "../../../api/pressMentions";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { ChapterPicker } from "../../../components/ChapterPicker";
import { FormField } from "../../../components/FormField";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { useSubmitForm } from "../../../lib/forms";
import { loadError } from "../shared/loadError";

/** -1 means the mention belongs to no chapter (spec 001 section 3). */
const NO_CHAPTER = -1;

/**
 * /admin/press_mentions/add and edit/{slug}: Title, URL, Notes, Visible and an optional chapter.
 * Saves through POST /api/press_mention/ and deletes through DELETE /api/press_mention/slug/{slug}.
 */
export function SiteAdminPressMentionEdit() {
  const { slug } = useParams();
  const editing = Boolean(slug);
  const mentions = useFreshQuery({ ...pressMentionQueries.adminAll(), enabled: editing });

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        {editing ? "Edit" : "Add"} Press Mention
      </Heading>
      {editing ? (
        <AsyncState query={mentions} error={<LoadError error={loadError("The press mention")} />}>
          {(all) => <EditExisting key={slug} found={all.find((m) => m.slug === slug)} />}
        </AsyncState>
      ) : (
        <PressMentionForm key="new" />
      )}
    </Stack>
  );
}

/** The form starts from the mention its address names; answers after a save or a delete leave it alone. */
function EditExisting({ found }: { found: PressMentionAdmin | undefined }) {
  const [opened] = useState(found);
  return opened ? <PressMentionForm mention={opened} /> : <LoadError error="This press mention does not exist." />;
}

interface Values {
  title: string;
  url: string;
  notes: string;
  isVisible: boolean;
  chapterId: number;
}

function PressMentionForm({ mention }: { mention?: PressMentionAdmin }) {
  const editing = Boolean(mention);
  const navigate = useNavigate();
  const save = useSavePressMention();
  const remove = useDeletePressMention();
  const toBody = (v: Values) => ({ ...(mention ? { slug: mention.slug } : {}), ...v, title: v.title.trim(), url: v.url.trim() });
  const { values, set, field, submit, busy, error } = useSubmitForm<Values>({
    defaultValues: mention
      ? { title: mention.title, url: mention.url, notes: mention.notes, isVisible: mention.isVisible, chapterId: mention.chapterId }
      : { title: "", url: "", notes: "", isVisible: true, chapterId: NO_CHAPTER },
    schema: pressMentionBodySchema,
    serverErrorsAbove: true,
    toBody,
    onSubmit: async (v) => {
      await save.mutateAsync(toBody(v));
      navigate("/admin/press_mentions");
    },
  });

  const [confirming, setConfirming] = useState(false);
  const handleDelete = async () => {
    if (!mention) return;
    await remove.mutateAsync(mention.slug);
    navigate("/admin/press_mentions");
  };

  return (
    <form onSubmit={submit} aria-label={editing ? "Edit Press Mention" : "Add Press Mention"} noValidate>
      <Stack gap="4" maxW="2xl">
        <FormField label="Title" required {...field("title")} />
        <FormField label="URL" type="url" required {...field("url")} />
        <FormField label="Notes" multiline {...field("notes")} />
        <ChapterPicker
          label="Chapter"
          value={values.chapterId === NO_CHAPTER ? null : values.chapterId}
          onChange={(chapter) => set("chapterId")(chapter?.id ?? NO_CHAPTER)}
        />
        <Box>
          <Checkbox.Root checked={values.isVisible} onCheckedChange={(e) => set("isVisible")(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Visible</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="fg.muted">
            Only visible press mentions are visible to the public
          </Text>
        </Box>
        <ErrorAlert message={error?.message ?? null} />
        <HStack gap="4">
          <Button type="submit" colorPalette="brand" loading={busy}>
            Save
          </Button>
          <Link asChild>
            <RouterLink to="/admin/press_mentions">All Press Mentions</RouterLink>
          </Link>
        </HStack>
        {editing && (
          <Box borderTopWidth="1px" pt="4">
            <Text fontWeight="semibold" color="danger.fg">
              Danger! Irreversible!
            </Text>
            <Button mt="2" colorPalette="danger" variant="outline" onClick={() => setConfirming(true)}>
              Delete Press Mention
            </Button>
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
}
