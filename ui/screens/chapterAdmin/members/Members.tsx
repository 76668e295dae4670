import { Alert, Badge, Box, Button, Flex, Heading, HStack, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { api, ApiRequestError } from "../../../api/client";
import { notify } from "../../../components/Toaster";
import type { ChapterListResponse, ContactDetails, ListContact } from "../../../../server/contracts/mailingList";
import { useChapterAdmin } from "../ChapterAdminContext";
import { useChapterListId } from "./useChapterListId";

type Filter = "all" | "active" | "blocked";

export const deleteConfirmation = (email: string) => `Are you sure you want to delete ${email}? This cannot be undone.`;

function ContactRow({ contact, listId, onDeleted }: { contact: ListContact; listId: string; onDeleted: (email: string) => void }) {
  const [details, setDetails] = useState<ContactDetails | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const handleToggleDetails = async () => {
    const next = !open;
    setOpen(next);
    if (next) {
      try {
        setDetails(await api.get<ContactDetails>(`/api/mailing_list/contact_details/${contact.id}`));
      } catch {
        setDetails({ ...contact, chapterId: 0 });
      }
    }
  };

  const handleDelete = async () => {
    // Nothing happens if declined (spec 001 section 8).
    if (!window.confirm(deleteConfirmation(contact.email))) return;
    setDeleting(true);
    try {
      await api.post("/api/mailing_list/delete", { email: contact.email, listId });
      onDeleted(contact.email);
    } catch (err) {
      notify("error", "Delete Failed", err instanceof ApiRequestError ? err.message : "The member could not be deleted.");
    } finally {
      setDeleting(false);
    }
  };

  const shown = details ?? contact;
  return (
    <Box as="li" listStyleType="none" borderBottomWidth="1px" py="2" opacity={contact.deleted ? 0.45 : 1} data-testid="member-row" data-email={contact.email} data-deleted={contact.deleted ? "true" : "false"}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" minW="48" fontWeight="medium" textDecoration={contact.deleted ? "line-through" : undefined}>
          {contact.email}
        </Text>
        <Badge colorPalette={contact.status === "active" ? "green" : contact.status === "blocked" ? "red" : "gray"}>{contact.status}</Badge>
        <Text fontSize="sm" color="gray.600">
          Joined {new Date(contact.created).toLocaleDateString()}
        </Text>
        <Button size="xs" variant="outline" onClick={handleToggleDetails} aria-expanded={open} aria-label={`Details for ${contact.email}`}>
          Details
        </Button>
        <Button size="xs" colorPalette="red" variant="outline" onClick={handleDelete} disabled={contact.deleted || deleting} aria-label={`Delete ${contact.email}`}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Flex>
      {open && (
        <HStack gap="6" pt="2" fontSize="sm" data-testid="member-details">
          <Text>Opens: {shown.numOpens}</Text>
          <Text>Clicks: {shown.numClicks}</Text>
          <Text>Sends: {shown.numSends}</Text>
        </HStack>
      )}
    </Box>
  );
}

/** Members (spec 001 section 2): the chapter's mailing list, newest first, with Active/Bounced filters. */
export function Members() {
  const { chapter } = useChapterAdmin();
  const { listId } = useChapterListId(chapter.id);
  const [data, setData] = useState<ChapterListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>("all");

  const load = useCallback(async () => {
    if (!listId) return;
    try {
      setData(await api.get<ChapterListResponse>(`/api/mailing_list/chapter_list_id/${encodeURIComponent(listId)}`));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "The members could not be loaded.");
    }
  }, [listId]);

  useEffect(() => {
    void load();
  }, [load]);

  const handleDeleted = (email: string) => {
    setData((d) => d && { ...d, contacts: d.contacts.map((c) => (c.email === email ? { ...c, deleted: true, status: "deleted" } : c)) });
    void load();
  };

  const header = (
    <Flex justify="space-between" align="center">
      <Heading as="h2" size="lg">Members</Heading>
      <ChakraLink asChild fontWeight="medium">
        <RouterLink to="add">Add Members</RouterLink>
      </ChakraLink>
    </Flex>
  );

  if (listId === null) {
    return (
      <Stack gap="4">
        {header}
        <Box textAlign="center" py="8">
          <Heading as="h3" size="md">No Members</Heading>
          <Text>This Chapter has no mailing list.</Text>
        </Box>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="4">
        {header}
        <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error}</Alert.Title></Alert.Root>
      </Stack>
    );
  }
  if (listId === undefined || !data) {
    return (
      <Stack gap="4">
        {header}
        <Box textAlign="center" py="8" role="status">
          <Heading as="h3" size="md">Loading Members</Heading>
          <HStack justify="center" gap="2">
            <Spinner size="sm" />
            <Text>Loading...</Text>
          </HStack>
        </Box>
      </Stack>
    );
  }

  const shown = data.contacts.filter((c) => filter === "all" || c.status === filter);
  const toggle = (f: Filter) => setFilter((cur) => (cur === f ? "all" : f));
  return (
    <Stack gap="4">
      {header}
      <Flex gap="4" align="center" wrap="wrap">
        <Heading as="h3" size="md" data-testid="member-count">{`${data.total} Members`}</Heading>
        <Button size="sm" variant={filter === "active" ? "solid" : "outline"} colorPalette="green" aria-pressed={filter === "active"} onClick={() => toggle("active")}>
          {`${data.stats.active} Active`}
        </Button>
        <Button size="sm" variant={filter === "blocked" ? "solid" : "outline"} colorPalette="red" aria-pressed={filter === "blocked"} onClick={() => toggle("blocked")}>
          {`${data.stats.blocked} Bounced`}
        </Button>
      </Flex>
      <Box as="ul" aria-label="Members" m="0" p="0">
        {shown.map((c) => (
          <ContactRow key={c.id} contact={c} listId={data.listId} onDeleted={handleDeleted} />
        ))}
      </Box>
      {!shown.length && <Text color="gray.600">No members to show.</Text>}
    </Stack>
  );
}
