import { Badge, Box, Button, Field, Heading, HStack, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api, ApiRequestError } from "../../../api/client";
import { notify } from "../../../components/Toaster";
import { RichTextEditor } from "../../../components/RichTextEditor";
import type { ListMessageInfo, SendMessageResponse } from "../../../../server/contracts/mailingList";
import { useChapterAdmin } from "../ChapterAdminContext";
import { useChapterListId } from "../members/useChapterListId";
import { PREPARE_FAILED_MESSAGE, PREPARE_FAILED_TITLE, SEND_CONFIRMATION, SEND_FAILED_TITLE, SEND_SUCCESS_MESSAGE, sendErrorMessage } from "./sendErrors";

export const RETURN_AFTER_SEND_MS = 2000;

function MessageProgress({ m }: { m: ListMessageInfo }) {
  const done = m.sent + m.failed + m.unknown;
  const value = m.total ? Math.min(100, Math.round((done / m.total) * 100)) : m.status === "sent" ? 100 : 0;
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="list-message">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{m.title}</Text>
        <Badge colorPalette={m.status === "sent" ? "green" : m.status === "failed" ? "red" : "blue"}>{m.status}</Badge>
      </HStack>
      <Text fontSize="sm" color="gray.600">
        {new Date(m.createdAt).toLocaleString()} {m.user ? `by ${m.user.name}` : ""}
      </Text>
      <Progress.Root value={value} size="sm" mt="2" aria-label={`Progress of ${m.title}`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" mt="1" data-testid="list-message-progress">{`${m.sent} of ${m.total} sent${m.failed ? `, ${m.failed} failed` : ""}${m.unknown ? `, ${m.unknown} not known (interrupted, not sent again)` : ""}`}</Text>
    </Box>
  );
}

/** Send Email (spec 001 section 2): title and rich-text body, confirmation, queued send with visible progress. */
export function SendEmail() {
  const { chapter, basePath } = useChapterAdmin();
  const { listId } = useChapterListId(chapter.id);
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [titleTouched, setTitleTouched] = useState(false);
  const [phase, setPhase] = useState<"editing" | "sending" | "sent">("editing");
  const [messages, setMessages] = useState<ListMessageInfo[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const loadMessages = useCallback(async () => {
    try {
      setMessages(await api.get<ListMessageInfo[]>(`/api/mailing_list/messages/${chapter.id}`));
    } catch {
      // Progress is a convenience; the send itself is unaffected.
    }
  }, [chapter.id]);

  useEffect(() => {
    void loadMessages();
  }, [loadMessages]);

  // Follow sends in progress.
  const inProgress = messages.some((m) => m.status === "queued" || m.status === "sending");
  useEffect(() => {
    if (!inProgress) return;
    const t = setInterval(() => void loadMessages(), 1500);
    return () => clearInterval(t);
  }, [inProgress, loadMessages]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const titleMissing = title.trim() === "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTitleTouched(true);
    if (titleMissing || phase !== "editing") return;
    if (!listId) {
      notify("error", PREPARE_FAILED_TITLE, PREPARE_FAILED_MESSAGE);
      return;
    }
    if (!window.confirm(SEND_CONFIRMATION)) return;
    setPhase("sending");
    try {
      const res = await api.post<SendMessageResponse>("/api/mailing_list/send_message", { title: title.trim(), body, listId });
      setPhase("sent");
      setMessages((list) => [res.message, ...list.filter((m) => m.id !== res.message.id)]);
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
          <Heading as="h2" size="lg">Send Email</Heading>
          <Text color="gray.700">The email goes to every active member of this chapter's mailing list and becomes a post on the chapter's page.</Text>
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
            <Button type="submit" colorPalette="blue" disabled={phase !== "editing"} loading={phase === "sending"} loadingText="Sending...">
              Send
            </Button>
            {phase === "sent" && <Text role="status" color="green.700">Sent. Returning to the chapter page...</Text>}
          </HStack>
        </Stack>
      </form>
      {messages.length > 0 && (
        <Stack gap="3" as="section" aria-label="Sent emails">
          <Heading as="h3" size="md">Sent Emails</Heading>
          {messages.slice(0, 10).map((m) => (
            <MessageProgress key={m.id} m={m} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
