import { Alert, Box, Button, Card, Field, Image, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { chapterHeaderImagePath } from "../../../server/contracts/chapterAdmin";
import { useDeleteHeaderImage, useSaveChapter, useUploadHeaderImage } from "../../api/chapters";
import { ApiRequestError } from "../../api/client";
import { RichTextEditor } from "../../components/RichTextEditor";
import { SaveRow, useSaveState } from "../../components/SavedIndicator";
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
  const [about, setAbout] = useState(chapter.about);
  const [saveState, setSaveState] = useSaveState();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setAbout(chapter.about), [chapter.about]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaveState("saving");
    try {
      // Only the about text: hosts may save it even though the other settings need a field organizer.
      const clean = normalizeSpaces(about);
      await save.mutateAsync({ id: chapter.id, about: clean });
      setAbout(clean);
      setSaveState("saved");
    } catch (err) {
      setSaveState("idle");
      setError((err as Error).message);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">About this Chapter</Card.Title>
      </Card.Header>
      <Card.Body>
        <form onSubmit={handleSubmit} aria-label="About this Chapter">
          <Stack gap="4">
            {error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <RichTextEditor label="About this Chapter" value={about} onChange={setAbout} />
            <SaveRow state={saveState} />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function HeaderImageUpload() {
  const { chapter } = useChapterAdmin();
  // Bumped after every change so the browser asks again (the server answers 304 when nothing changed).
  const [version, setVersion] = useState(() => Date.now());
  const [hasImage, setHasImage] = useState(true);
  const [busy, setBusy] = useState<"uploading" | "deleting" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadHeaderImage(chapter.id);
  const remove = useDeleteHeaderImage(chapter.id);
  const src = `${chapterHeaderImagePath(chapter.id)}?v=${version}`;

  const handleFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    setMessage(null);
    setBusy("uploading");
    try {
      const res = await upload.mutateAsync(file);
      if (res.result !== "success") throw new Error("The image could not be saved.");
      setHasImage(true);
      setVersion(Date.now());
      setMessage("Header image saved.");
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "The image could not be uploaded. Please try again.");
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const [confirming, setConfirming] = useState(false);
  /** Runs once the dialog is confirmed; a failure shows in the dialog. */
  const handleDelete = async () => {
    setError(null);
    setMessage(null);
    setBusy("deleting");
    try {
      await remove.mutateAsync();
      setHasImage(false);
      setVersion(Date.now());
      setMessage("Header image deleted.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">Header Image</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {error && (
            <Alert.Root status="error" data-testid="header-image-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
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
              <Button colorPalette="danger" variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={busy !== null}>
                {busy === "deleting" ? "Deleting..." : "Delete"}
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
            <Input ref={fileInput} type="file" accept="image/*" name="file" onChange={handleFile} disabled={busy !== null} p="1" />
            <Field.HelperText>Any image file. Large images are scaled down and saved as JPEG.</Field.HelperText>
          </Field.Root>
          {busy === "uploading" && <Text role="status">Uploading...</Text>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
