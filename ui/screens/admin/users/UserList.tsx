import { Alert, Badge, Button, Field, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import type { ChapterDetail } from "../../../../server/contracts/chapter";
import { USER_LIST_LIMIT, USER_ROLE_FILTERS, type AdminUserRow, type UserRoleFilter, type UserSearchResult } from "../../../../server/contracts/siteAdmin";
import { userSearchSchema } from "../../../../server/contracts/adminRequests";
import { chapterQueries } from "../../../api/chapters";
import { useGrantPermission } from "../../../api/permissions";
import { usePagedList } from "../../../api/paging";
import { LoadMore } from "../../../components/LoadMore";
import { userQueries } from "../../../api/users";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { notify } from "../../../components/Toaster";
import { useSubmitForm } from "../../../lib/forms";
import { loadError } from "../shared/loadError";
import { chapterPath, formatDate } from "../format";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER, ROLE_NAMES } from "../../../../server/contracts/roles";
import { AdminTable } from "../shared/AdminTable";

/** Make Chapter Host / Make Field Organizer for the chapter in context (?chapterId=N). */
function GrantButtons({ chapter, user }: { chapter: ChapterDetail; user: AdminUserRow }) {
  const [granted, setGranted] = useState<Set<2 | 3>>(() => new Set(chapter.hosts.filter((h) => h.user.id === user.id).map((h) => h.roleId as 2 | 3)));
  const { mutateAsync: grantRole } = useGrantPermission(chapter.id);
  const { submitWith: grant, busy } = useSubmitForm<{ roleId: 2 | 3 }>({
    defaultValues: { roleId: 3 },
    onSubmit: async ({ roleId }) => {
      await grantRole({ userId: user.id, roleId });
      setGranted((g) => new Set([...g, roleId]));
      notify("success", `${user.name} is now ${ROLE_NAMES[roleId]} of ${chapter.displayTitle}`);
    },
    onError: (err) => notify("error", "The permission was not added", err.message),
  });
  return (
    <HStack gap="2" justify="flex-end">
      {([3, 2] as const).map((roleId) =>
        granted.has(roleId) ? (
          <Badge key={roleId} colorPalette="success">
            {ROLE_NAMES[roleId]}
          </Badge>
        ) : (
          <Button
            key={roleId}
            size="xs"
            variant="outline"
            disabled={busy}
            onClick={() => void grant({ roleId })}
            aria-label={`Make ${user.name} ${ROLE_NAMES[roleId]}`}
          >
            Make {ROLE_NAMES[roleId]}
          </Button>
        ),
      )}
    </HStack>
  );
}

/** The choices of the Role filter (`?role=`), "" for everyone. */
const ROLE_FILTER_LABELS: Record<UserRoleFilter, string> = {
  admin: "Admins",
  host: "Chapter Hosts",
  fieldOrganizer: "Field Organizers",
  none: "No role",
};

const roleFilterOf = (value: string | null): UserRoleFilter | null => USER_ROLE_FILTERS.find((r) => r === value) ?? null;

/** A user's roles across the network: Admin, and each chapter role with how many chapters it covers. */
function RoleBadges({ user }: { user: UserSearchResult }) {
  const chapterRoles = [
    [ROLE_CHAPTER_HOST, user.chapterHostChapters.length],
    [ROLE_FIELD_ORGANIZER, user.fieldOrganizerChapters.length],
  ].filter(([, n]) => n > 0);
  if (!user.isAdmin && chapterRoles.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <HStack gap="1" wrap="wrap" data-testid="user-roles">
      {user.isAdmin && <Badge colorPalette="accent">{ROLE_NAMES[ROLE_ADMIN]}</Badge>}
      {chapterRoles.map(([roleId, n]) => (
        <Badge key={roleId} title={`${ROLE_NAMES[roleId]} of ${n} ${n === 1 ? "chapter" : "chapters"}`}>{`${ROLE_NAMES[roleId]} (${n})`}</Badge>
      ))}
    </HStack>
  );
}

/** /admin/users: count, the users newest first (300 at a time, Load More), search by name or email; role buttons when a chapter is in context. */
export function UserList() {
  const [params, setParams] = useSearchParams();
  const chapterId = Number(params.get("chapterId")) || null;
  const role = roleFilterOf(params.get("role"));
  const context = useQuery({ ...chapterQueries.byId(chapterId ?? 0), enabled: chapterId !== null });
  const chapter: ChapterDetail | null = (chapterId !== null && context.data) || null;
  const count = useQuery(userQueries.count());
  const [searchedFor, setSearchedFor] = useState<string | null>(null);
  // The search's message shows once it is tried, and stays until the next try.
  const { form, values, errorOf, submit } = useSubmitForm({
    defaultValues: { search: "" },
    schema: userSearchSchema,
    onSubmit: async ({ search }) => setSearchedFor(search.trim()),
  });
  const all = usePagedList({ ...userQueries.list(role), enabled: searchedFor === null });
  const found = useQuery({ ...userQueries.search(searchedFor ?? "", role), enabled: searchedFor !== null });
  const users = searchedFor === null ? all : found;

  useEffect(() => {
    if (context.isError) notify("error", "The chapter could not be loaded");
  }, [context.isError]);

  const handleRoleChange = (value: string) => {
    const next = new URLSearchParams(params);
    if (roleFilterOf(value)) next.set("role", value);
    else next.delete("role");
    setParams(next, { replace: true });
  };

  const handleShowAll = () => {
    form.reset({ search: "" });
    setSearchedFor(null);
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        Users
      </Heading>
      {chapter && (
        <Alert.Root status="info" data-testid="chapter-context">
          <Alert.Indicator />
          <Alert.Title>
            Adding hosts to{" "}
            <Link asChild fontWeight="semibold">
              <RouterLink to={`${chapterPath(chapter)}/admin/hosts`}>{chapter.displayTitle}</RouterLink>
            </Link>
          </Alert.Title>
        </Alert.Root>
      )}
      <Text data-testid="user-count">
        {count.data
          ? `${count.data.count} ${count.data.count === 1 ? "User" : "Users"}`
          : count.isError
            ? "The users could not be counted."
            : "Counting users..."}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        Lists are limited to {USER_LIST_LIMIT} users. Search by name or email to find anyone else.
      </Text>
      <form onSubmit={submit} noValidate role="search" aria-label="Search users">
        <HStack align="flex-start" maxW="xl">
          <Field.Root invalid={Boolean(errorOf("search"))}>
            <Input
              aria-label="Search by name or email"
              placeholder="Search by name or email"
              value={values.search}
              onChange={(e) => form.setValue("search", e.target.value)}
            />
            {errorOf("search") && <Field.ErrorText>{errorOf("search")}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={searchedFor !== null && found.isFetching}>
            Search
          </Button>
          {searchedFor !== null && (
            <Button variant="ghost" onClick={handleShowAll}>
              Show All
            </Button>
          )}
        </HStack>
      </form>
      <Field.Root maxW="xs">
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={role ?? ""} onChange={(e) => handleRoleChange(e.target.value)}>
            <option value="">Everyone</option>
            {USER_ROLE_FILTERS.map((r) => (
              <option key={r} value={r}>
                {ROLE_FILTER_LABELS[r]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <AsyncState
        query={users}
        error={(err) => <LoadError error={searchedFor === null ? loadError("The users") : err.message || "Search failed"} />}
        empty={<Text color="fg.muted">No users found</Text>}
      >
        {(rows) => (
          <AdminTable columns={["Name", "Email", "Roles", "Joined", ""]}>
            {rows.map((u) => (
              <Table.Row key={u.id} data-testid="user-row">
                <Table.Cell>
                  <Link asChild fontWeight="medium">
                    <RouterLink to={`/admin/users/${u.id}`}>{u.name}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <Link href={`mailto:${u.email}`}>{u.email}</Link>
                </Table.Cell>
                <Table.Cell>
                  <RoleBadges user={u} />
                </Table.Cell>
                <Table.Cell>{formatDate(u.createdAt)}</Table.Cell>
                <Table.Cell>{chapter && <GrantButtons chapter={chapter} user={u} />}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </AsyncState>
      {searchedFor === null && <LoadMore query={all} />}
    </Stack>
  );
}
