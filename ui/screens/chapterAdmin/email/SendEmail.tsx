import { Badge, Box, Button, Field, Heading, HStack, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ApiRequestError } from "../../../api/client";
import { mailingListQueries, useChapterListId, usePreviewMessage, useSendMessage } from "../../../api/mailingLists";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { notify } from "../../../components/Toaster";
import { RichTextEditor } from "../../../components/RichTextEditor";
import type { ListEmailPreview, ListMessageInfo } from "../../../../server/contracts/mailingList";
import { formatMedium } from "../../../lib/formatDate";
import { useChapterAdmin } from "../ChapterAdminContext";
import { EmailPreview } from "./EmailPreview";
import { PREPARE_FAILED_MESSAGE, PREPARE_FAILED_TITLE, SEND_CONFIRMATION, SEND_FAILED_TITLE, SEND_SUCCESS_MESSAGE, sendErrorMessage } from "./sendErrors";

export const RETURN_AFTER_SEND_MS = 2000;

const inProgress = (m: ListMessageInfo) => m.status === "queued" || m.status === "sending";

function MessageProgress({ m }: { m: ListMessageInfo }) {
  const done = m.sent + m.failed + m.unknown;
  const value = m.total ? Math.min(100, Math.round((done / m.total) * 100)) : m.status === "sent" ? 100 : 0;
  const failed = m.failed ? `, ${m.failed} failed` : "";
  const unknown = m.unknown ? `, ${m.unknown} not known (interrupted, not sent again)` : "";
  const progress = `${m.sent} of ${m.total} sent${failed}${unknown}`;
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="list-message">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{m.title}</Text>
        <Badge colorPalette={m.status === "sent" ? "success" : m.status === "failed" ? "danger" : "brand"}>{m.status}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {formatMedium(m.createdAt)} {m.user ? `by ${m.user.name}` : ""}
      </Text>
      <Progress.Root value={value} size="sm" mt="2" aria-label={`Progress of ${m.title}`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" mt="1" data-testid="list-message-progress">
        {progress}
      </Text>
    </Box>
  );
}

/**
 * Send Email (spec 001 section 2): title and rich-text body, a preview of what members will see (both parts),
 * confirmation, queued send with visible progress.
 */
export function SendEmail() {
  const { chapter, basePath } = useChapterAdmin();
  const { listId } = useChapterListId(chapter.id);
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [titleTouched, setTitleTouched] = useState(false);
  const [phase, setPhase] = useState<"editing" | "sending" | "sent">("editing");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const send = useSendMessage(chapter.id);
  const previewer = usePreviewMessage();
  const [preview, setPreview] = useState<{ of: { title: string; body: string }; email: ListEmailPreview } | null>(null);
  // The chapter's sends, followed every 1.5 s while one is in progress. Progress is a convenience: when it cannot
  // be loaded (logged), the send itself is unaffected and the list is simply not shown.
  const messages =
    useQuery({ ...mailingListQueries.messages(chapter.id), refetchInterval: (q) => ((q.state.data ?? []).some(inProgress) ? 1500 : false) }).data ?? [];

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const titleMissing = title.trim() === "";

  const [confirming, setConfirming] = useState(false);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTitleTouched(true);
    if (titleMissing || phase !== "editing") return;
    if (!listId) {
      notify("error", PREPARE_FAILED_TITLE, PREPARE_FAILED_MESSAGE);
      return;
    }
    setConfirming(true);
  };

  /** Shows the draft as members would get it; a failure is a toast. */
  const handlePreview = async () => {
    if (!listId) {
      notify("error", PREPARE_FAILED_TITLE, PREPARE_FAILED_MESSAGE);
      return;
    }
    try {
      const email = await previewer.mutateAsync({ title: title.trim(), body, listId });
      setPreview({ of: { title, body }, email });
    } catch (err) {
      notify("error", "The preview could not be made", err instanceof ApiRequestError ? err.message : "Please try again.");
    }
  };

  /** Sends once the dialog is confirmed; a failure is a toast and the form stays. */
  const handleSend = async () => {
    if (!listId) return;
    setPhase("sending");
    try {
      await send.mutateAsync({ title: title.trim(), body, listId });
      setPhase("sent");
      notify("success", "Email Sent", SEND_SUCCESS_MESSAGE);
      timer.current = setTimeout(() => navigate(basePath.replace(/\/admin$/, "")), RETURN_AFTER_SEND_MS);
    } catch (err) {
      setPhase("editing");
      notify("error", SEND_FAILED_TITLE, sendErrorMessage(err instanceof ApiRequestError ? err.status : 0));
    }
  };

  return (
    <Stack gap="6">
      <form onSubmit={handleSubmit} noValidate aria-label="Send Email">
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Send Email
          </Heading>
          <Text color="fg.muted">The email goes to every active member of this chapter's mailing list and becomes a post on the chapter's page.</Text>
          <Field.Root required invalid={titleTouched && titleMissing}>
            <Field.Label>
              Title
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="title" value={title} onChange={(e) => setTitle(e.target.value)} onBlur={() => setTitleTouched(true)} maxLength={300} />
            {titleTouched && titleMissing && <Field.ErrorText>Title is Required</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>Body</Field.Label>
            <Box width="100%">
              {/* The shared editor loads @uiw/react-md-editor lazily, as its own chunk. */}
              <RichTextEditor value={body} onChange={setBody} label="Body" />
            </Box>
          </Field.Root>
          <HStack>
            <Button type="submit" colorPalette="brand" disabled={phase !== "editing"} loading={phase === "sending"} loadingText="Sending...">
              Send
            </Button>
            <Button variant="outline" onClick={() => void handlePreview()} disabled={phase !== "editing"} loading={previewer.isPending}>
              Preview
            </Button>
            {phase === "sent" && (
              <Text role="status" color="success.fg">
                Sent. Returning to the chapter page...
              </Text>
            )}
          </HStack>
        </Stack>
      </form>
      {preview && <EmailPreview preview={preview.email} stale={preview.of.title !== title || preview.of.body !== body} />}
      <ConfirmDialog
        open={confirming}
        title="Send Email"
        message={SEND_CONFIRMATION}
        confirmLabel="Send"
        confirmPalette="brand"
        onConfirm={handleSend}
        onClose={() => setConfirming(false)}
      />
      {messages.length > 0 && (
        <Stack gap="3" as="section" aria-label="Sent emails">
          <Heading as="h3" size="md">
            Sent Emails
          </Heading>
          {messages.slice(0, 10).map((m) => (
            <MessageProgress key={m.id} m={m} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
