import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState, type ChangeEvent } from "react";
import { mailingListQueries, useDeleteContact } from "../../../api/mailingLists";
import { AsyncState } from "../../../components/AsyncState";
import { ScreenHeading } from "../../../components/ScreenHeading";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { formatMediumDate } from "../../../lib/formatDate";
import { Pager } from "../../../components/Pager";
import { useDebounced } from "../../../lib/useDebounced";
import type { ListContact } from "../../../../server/contracts/mailingList";
import { NoMailingList } from "./NoMailingList";
import { useChapterAdmin } from "../ChapterAdminContext";
import { ExportCsvLink } from "../../../components/ExportCsvLink";
import { chapterMemberExportPath } from "../../../api/memberExport";

type Filter = "all" | "active" | "blocked";

export const deleteConfirmation = (email: string) => `Are you sure you want to delete ${email}? This cannot be undone.`;

function ContactRow({ contact, listId }: { contact: ListContact; listId: string }) {
  const [open, setOpen] = useState(false);
  // The row carries the counts already; the contact's details, once they arrive, are fresher.
  const details = useQuery({ ...mailingListQueries.contact(contact.id), enabled: open });
  const remove = useDeleteContact(listId);
  const deleting = remove.isPending;

  const handleToggleDetails = () => setOpen((o) => !o);

  // Nothing happens if declined (spec 001 section 8); a failure shows in the dialog.
  const [confirming, setConfirming] = useState(false);
  const handleDelete = () => remove.mutateAsync(contact.email);

  const shown = details.data ?? contact;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderBottomWidth="1px"
      py="2"
      color={contact.deleted ? "fg.muted" : undefined}
      bg={contact.deleted ? "bg.muted" : undefined}
      data-testid="member-row"
      data-email={contact.email}
      data-deleted={contact.deleted ? "true" : "false"}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" minW="48" fontWeight="medium" textDecoration={contact.deleted ? "line-through" : undefined}>
          {contact.email}
        </Text>
        <Badge colorPalette={contact.status === "active" ? "success" : contact.status === "blocked" ? "danger" : "neutral"}>{contact.status}</Badge>
        <Text fontSize="sm" color="fg.muted">
          Joined {formatMediumDate(contact.created)}
        </Text>
        <Button size="xs" variant="outline" onClick={handleToggleDetails} aria-expanded={open} aria-label={`Details for ${contact.email}`}>
          Details
        </Button>
        <Button
          size="xs"
          colorPalette="danger"
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={contact.deleted || deleting}
          aria-label={`Delete ${contact.email}`}
        >
          {deleting ? "Deleting..." : "Delete"}
        </Button>
        <ConfirmDialog
          open={confirming}
          title="Delete Member"
          message={deleteConfirmation(contact.email)}
          confirmLabel="Delete"
          onConfirm={handleDelete}
          onClose={() => setConfirming(false)}
        />
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

const LOADING_MEMBERS = (
  <Box textAlign="center" py="8" role="status">
    <Heading as="h3" size="md">
      Loading Members
    </Heading>
    <HStack justify="center" gap="2">
      <Spinner size="sm" />
      <Text>Loading...</Text>
    </HStack>
  </Box>
);

/** Members (spec 001 section 2): the chapter's mailing list, newest first, a page at a time, with Active/Bounced filters and a search by email. */
export function Members() {
  const { chapter } = useChapterAdmin();
  const list = useQuery(mailingListQueries.listId(chapter.id));
  return (
    <Stack gap="4">
      <ScreenHeading title="Members" addLink={{ to: "add", label: "Add Members" }} />
      <AsyncState query={list} loading={LOADING_MEMBERS}>
        {(answer) =>
          answer.listId === null ? (
            <NoMailingList listStatus={answer.listStatus} serviceName={answer.serviceName} />
          ) : (
            <MemberList listId={answer.listId} chapterId={chapter.id} />
          )
        }
      </AsyncState>
    </Stack>
  );
}

function MemberList({ listId, chapterId }: { listId: string; chapterId: number }) {
  const [filter, setFilter] = useState<Filter>("all");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const q = useDebounced(search.trim(), 300);
  const members = useQuery(mailingListQueries.members(listId, { page, status: filter === "all" ? undefined : filter, q: q || undefined }));
  const toggle = (f: Filter) => {
    setFilter((cur) => (cur === f ? "all" : f));
    setPage(0);
  };
  const handleSearch = (e: ChangeEvent<HTMLInputElement>) => {
    setSearch(e.target.value);
    setPage(0);
  };
  return (
    <AsyncState query={members} loading={LOADING_MEMBERS}>
      {(data) => (
        <>
          <Flex gap="4" align="center" wrap="wrap">
            <Heading as="h3" size="md" data-testid="member-count">{`${data.total} Members`}</Heading>
            <Button
              size="sm"
              variant={filter === "active" ? "solid" : "outline"}
              colorPalette="success"
              aria-pressed={filter === "active"}
              onClick={() => toggle("active")}
            >
              {`${data.stats.active} Active`}
            </Button>
            <Button
              size="sm"
              variant={filter === "blocked" ? "solid" : "outline"}
              colorPalette="danger"
              aria-pressed={filter === "blocked"}
              onClick={() => toggle("blocked")}
            >
              {`${data.stats.blocked} Bounced`}
            </Button>
            <Box ms="auto">
              <ExportCsvLink path={chapterMemberExportPath(chapterId)} fileName="members.csv" testId="export-members" />
            </Box>
          </Flex>
          <Field.Root maxW="sm">
            <Field.Label>Search by email</Field.Label>
            <Input type="search" value={search} onChange={handleSearch} autoComplete="off" />
          </Field.Root>
          <Box as="ul" aria-label="Members" m="0" p="0" aria-busy={members.isPlaceholderData}>
            {data.contacts.map((c) => (
              <ContactRow key={c.id} contact={c} listId={data.listId} />
            ))}
          </Box>
          {!data.contacts.length && <Text color="fg.muted">No members to show.</Text>}
          <Pager page={data.page} limit={data.limit} count={data.matching} onPage={setPage} label="Pages of members" />
        </>
      )}
    </AsyncState>
  );
}
