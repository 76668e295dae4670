import { Alert, Badge, Button, Field, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import type { ChapterDetail } from "../../../../server/contracts/chapter";
import { MIN_SEARCH_LENGTH, USER_LIST_LIMIT, type AdminUserRow } from "../../../../server/contracts/siteAdmin";
import { ApiRequestError } from "../../../api/client";
import { siteAdminApi } from "../../../api/siteAdmin";
import { notify } from "../../../components/Toaster";
import { LoadState, loadError } from "../shared/LoadState";
import { chapterPath, formatDate } from "../format";

const ROLE_LABELS = { 2: "Field Organizer", 3: "Chapter Host" } as const;

/** Make Chapter Host / Make Field Organizer for the chapter in context (?chapterId=N). */
function GrantButtons({ chapter, user }: { chapter: ChapterDetail; user: AdminUserRow }) {
  const [granted, setGranted] = useState<Set<2 | 3>>(() => new Set(chapter.hosts.filter((h) => h.user.id === user.id).map((h) => h.roleId as 2 | 3)));
  const [busy, setBusy] = useState(false);
  const grant = async (roleId: 2 | 3) => {
    setBusy(true);
    try {
      await siteAdminApi.grant(chapter.id, user.id, roleId);
      setGranted((g) => new Set([...g, roleId]));
      notify("success", `${user.name} is now ${ROLE_LABELS[roleId]} of ${chapter.displayTitle}`);
    } catch (err) {
      notify("error", "The permission was not added", err instanceof ApiRequestError ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="2" justify="flex-end">
      {([3, 2] as const).map((roleId) =>
        granted.has(roleId) ? (
          <Badge key={roleId} colorPalette="green">{ROLE_LABELS[roleId]}</Badge>
        ) : (
          <Button key={roleId} size="xs" variant="outline" disabled={busy} onClick={() => void grant(roleId)} aria-label={`Make ${user.name} ${ROLE_LABELS[roleId]}`}>
            Make {ROLE_LABELS[roleId]}
          </Button>
        ),
      )}
    </HStack>
  );
}

/** /admin/users: count, the newest 300 users, search by name or email; role buttons when a chapter is in context. */
export function UserList() {
  const [params] = useSearchParams();
  const chapterId = Number(params.get("chapterId")) || null;
  const [chapter, setChapter] = useState<ChapterDetail | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [users, setUsers] = useState<AdminUserRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchedFor, setSearchedFor] = useState<string | null>(null);

  useEffect(() => {
    siteAdminApi.userCount().then((r) => setCount(r.count), () => {});
    siteAdminApi.users().then(setUsers, () => setError(loadError("The users")));
  }, []);
  useEffect(() => {
    setChapter(null);
    if (chapterId) siteAdminApi.chapterById(chapterId).then(setChapter, () => notify("error", "The chapter could not be loaded"));
  }, [chapterId]);

  const handleSearch = async (e: FormEvent) => {
    e.preventDefault();
    const term = search.trim();
    if (term.length < MIN_SEARCH_LENGTH) {
      setSearchError("Please enter at least 2 characters to search");
      return;
    }
    setSearchError(null);
    setSearching(true);
    try {
      setUsers(await siteAdminApi.searchUsers(term));
      setSearchedFor(term);
    } catch (err) {
      setSearchError(err instanceof ApiRequestError ? err.message : "Search failed");
    } finally {
      setSearching(false);
    }
  };

  const handleShowAll = async () => {
    setSearch("");
    setSearchedFor(null);
    setSearchError(null);
    setUsers(null);
    siteAdminApi.users().then(setUsers, () => setError(loadError("The users")));
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">Users</Heading>
      {chapter && (
        <Alert.Root status="info" data-testid="chapter-context">
          <Alert.Indicator />
          <Alert.Title>
            Adding hosts to{" "}
            <Link asChild fontWeight="semibold"><RouterLink to={`${chapterPath(chapter)}/admin/hosts`}>{chapter.displayTitle}</RouterLink></Link>
          </Alert.Title>
        </Alert.Root>
      )}
      <Text data-testid="user-count">{count === null ? "Counting users..." : `${count} ${count === 1 ? "User" : "Users"}`}</Text>
      <Text color="gray.600" fontSize="sm">Lists are limited to {USER_LIST_LIMIT} users. Search by name or email to find anyone else.</Text>
      <form onSubmit={handleSearch} role="search" aria-label="Search users">
        <HStack align="flex-start" maxW="xl">
          <Field.Root invalid={Boolean(searchError)}>
            <Input aria-label="Search by name or email" placeholder="Search by name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
            {searchError && <Field.ErrorText>{searchError}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={searching}>Search</Button>
          {searchedFor !== null && <Button variant="ghost" onClick={() => void handleShowAll()}>Show All</Button>}
        </HStack>
      </form>
      <LoadState loading={users === null} error={error}>
        {users && users.length === 0 && <Text color="gray.600">No users found</Text>}
        {users && users.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader>Joined</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((u) => (
                  <Table.Row key={u.id} data-testid="user-row">
                    <Table.Cell>
                      <Link asChild fontWeight="medium"><RouterLink to={`/admin/users/${u.id}`}>{u.name}</RouterLink></Link>
                      {u.isAdmin && <Badge ms="2" colorPalette="purple">Admin</Badge>}
                    </Table.Cell>
                    <Table.Cell><Link href={`mailto:${u.email}`}>{u.email}</Link></Table.Cell>
                    <Table.Cell>{formatDate(u.createdAt)}</Table.Cell>
                    <Table.Cell>{chapter && <GrantButtons chapter={chapter} user={u} />}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </LoadState>
    </Stack>
  );
}
