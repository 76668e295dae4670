import { Box, Button, Field, Image, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { chapterHeaderImagePath } from "../../../server/contracts/chapterAdmin";
import { useDeleteHeaderImage, useSaveChapter, useUploadHeaderImage } from "../../api/chapters";
import { ApiRequestError } from "../../api/client";
import { RichTextEditor } from "../../components/RichTextEditor";
import { ErrorAlert } from "../../components/ErrorAlert";
import { SectionCard } from "../../components/SectionCard";
import { SaveRow } from "../../components/SavedIndicator";
import { useSubmitForm } from "../../lib/forms";
import { normalizeSpaces } from "../../lib/text";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection } from "./AdminSection";

/** Page Content (spec 001 section 2): the About this Chapter text and the header image. */
export function PageContent() {
  return (
    <AdminSection title="Page Content">
      <AboutEditor />
      <HeaderImageUpload />
    </AdminSection>
  );
}

function AboutEditor() {
  const { chapter } = useChapterAdmin();
  const save = useSaveChapter();
  const { form, values, set, submit, error, saveState } = useSubmitForm({
    defaultValues: { about: chapter.about },
    onSubmit: async ({ about }, { reset }) => {
      // Only the about text: hosts may save it even though the other settings need a field organizer.
      const clean = normalizeSpaces(about);
      await save.mutateAsync({ id: chapter.id, about: clean });
      reset({ about: clean });
    },
    serverErrorsAbove: true,
  });
  const { reset } = form;
  useEffect(() => reset({ about: chapter.about }), [chapter.about, reset]);

  return (
    <SectionCard title="About this Chapter">
      <form onSubmit={submit} aria-label="About this Chapter">
        <Stack gap="4">
          <ErrorAlert message={error?.message} />
          <RichTextEditor label="About this Chapter" value={values.about} onChange={set("about")} />
          <SaveRow state={saveState} />
        </Stack>
      </form>
    </SectionCard>
  );
}

const UPLOAD_FAILED = "The image could not be uploaded. Please try again.";

function HeaderImageUpload() {
  const { chapter } = useChapterAdmin();
  // Bumped after every change so the browser asks again (the server answers 304 when nothing changed).
  const [version, setVersion] = useState(() => Date.now());
  const [hasImage, setHasImage] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadHeaderImage(chapter.id);
  const remove = useDeleteHeaderImage(chapter.id);
  const src = `${chapterHeaderImagePath(chapter.id)}?v=${version}`;

  // Choosing a file uploads it at once: the file is the form's value and is submitted.
  const uploadForm = useSubmitForm<{ file: File | null }>({
    defaultValues: { file: null },
    serverErrorsAbove: true,
    onSubmit: async ({ file }) => {
      if (!file) return;
      setMessage(null);
      try {
        const res = await upload.mutateAsync(file).catch((err: unknown) => {
          throw err instanceof ApiRequestError ? err : new Error(UPLOAD_FAILED);
        });
        if (res.result !== "success") throw new Error(UPLOAD_FAILED);
        setHasImage(true);
        setVersion(Date.now());
        setMessage("Header image saved.");
      } finally {
        if (fileInput.current) fileInput.current.value = "";
      }
    },
  });
  const handleFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    void uploadForm.submitWith({ file });
  };
  const busy = uploadForm.busy || remove.isPending;

  const [confirming, setConfirming] = useState(false);
  /** Runs once the dialog is confirmed; a failure shows in the dialog. */
  const handleDelete = async () => {
    setMessage(null);
    await remove.mutateAsync();
    setHasImage(false);
    setVersion(Date.now());
    setMessage("Header image deleted.");
  };

  return (
    <SectionCard title="Header Image">
      <Stack gap="4">
        <ErrorAlert message={uploadForm.error?.message} testId="header-image-error" />
        {message && <Text role="status">{message}</Text>}
        {hasImage ? (
          <Stack gap="2" align="flex-start">
            <Box borderWidth="1px" borderRadius="md" overflow="hidden" maxW="full">
              <Image
                key={src}
                src={src}
                alt={`Header image of ${chapter.displayTitle}`}
                maxH="64"
                objectFit="cover"
                onError={() => setHasImage(false)}
                data-testid="header-image"
              />
            </Box>
            <Button colorPalette="danger" variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={busy}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
            <ConfirmDialog
              open={confirming}
              title="Delete Header Image"
              message={`Delete the header image of ${chapter.displayTitle}? This cannot be undone.`}
              confirmLabel="Delete Image"
              onConfirm={handleDelete}
              onClose={() => setConfirming(false)}
            />
          </Stack>
        ) : (
          <Text color="fg.muted">This chapter has no header image.</Text>
        )}
        <Field.Root>
          <Field.Label>Upload a header image</Field.Label>
          <Input ref={fileInput} type="file" accept="image/*" name="file" onChange={handleFile} disabled={busy} p="1" />
          <Field.HelperText>Any image file. Large images are scaled down and saved as JPEG.</Field.HelperText>
        </Field.Root>
        {uploadForm.busy && <Text role="status">Uploading...</Text>}
      </Stack>
    </SectionCard>
  );
}
