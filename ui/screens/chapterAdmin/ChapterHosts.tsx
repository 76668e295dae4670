import { Alert, Button, Card, Field, HStack, Input, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { MIN_SEARCH_LENGTH, type PermissionInfo } from "../../../server/contracts/chapterAdmin";
import { permissionQueries, useGrantPermission, useRemovePermission } from "../../api/permissions";
import { userQueries } from "../../api/users";
import { AsyncState } from "../../components/AsyncState";
import { formatMedium } from "../../lib/formatDate";
import { mailtoHref } from "../../lib/text";
import { useDebounced } from "../../lib/useDebounced";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER, ROLE_NAMES } from "../../../server/contracts/roles";

/**
 * Chapter Hosts (spec 001 section 2): the Chapter Hosts and Field Organizers cards; admins also remove
 * permissions and add people with the search card.
 */
export function ChapterHosts() {
  const { chapter } = useChapterAdmin();
  const permissions = useQuery(permissionQueries.chapter(chapter.id));
  const grant = useGrantPermission(chapter.id);
  const remove = useRemovePermission();
  const canManage = chapter.abilities.managePermissions;
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PermissionInfo | null>(null);
  const hostCount = (permissions.data ?? []).filter((p) => p.roleId === ROLE_CHAPTER_HOST).length;

  const handleRemove = async () => {
    if (removing) await remove.mutateAsync(removing.id);
  };

  const handleGrant = async (userId: number, roleId: number) => {
    setError(null);
    try {
      await grant.mutateAsync({ userId, roleId });
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <AdminSection title="Chapter Hosts">
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.role.name ?? ""}`}
        message={removing ? removalMessage(removing, chapter.displayTitle, hostCount) : ""}
        confirmLabel="Remove"
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      />
      <AsyncState query={permissions} loading={<Loading label="Loading hosts" />}>
        {(list) => (
          <>
            <PermissionCard title="Chapter Hosts" items={list.filter((p) => p.roleId === ROLE_CHAPTER_HOST)} onRemove={canManage ? setRemoving : undefined} />
            <PermissionCard
              title="Field Organizers"
              items={list.filter((p) => p.roleId === ROLE_FIELD_ORGANIZER)}
              onRemove={canManage ? setRemoving : undefined}
            />
            {canManage && <AddPermissionCard existing={list} onGrant={handleGrant} />}
          </>
        )}
      </AsyncState>
    </AdminSection>
  );
}

/** What removing a permission does; removing the last Chapter Host says the chapter is left without one. */
function removalMessage(p: PermissionInfo, chapterTitle: string, hostCount: number) {
  const base = `Remove ${p.user.name} as ${p.role.name} of ${chapterTitle}?`;
  return p.roleId === ROLE_CHAPTER_HOST && hostCount <= 1 ? `${base} ${p.user.name} is its last Chapter Host: ${chapterTitle} will have no host.` : base;
}

function PermissionCard({ title, items, onRemove }: { title: string; items: PermissionInfo[]; onRemove?: (p: PermissionInfo) => void }) {
  return (
    <Card.Root data-testid={`card-${title}`} aria-label={title} as="section">
      <Card.Header>
        <Card.Title as="h3">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <Text color="fg.muted">None</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {items.map((p) => (
              <HStack as="li" key={p.id} justify="space-between" align="flex-start" gap="4" wrap="wrap" borderBottomWidth="1px" pb="2">
                <Stack gap="0">
                  <ChakraLink asChild fontWeight="semibold">
                    <RouterLink to={`/admin/users/${p.user.id}`}>{p.user.name}</RouterLink>
                  </ChakraLink>
                  {mailtoHref(p.user.email) && <ChakraLink href={mailtoHref(p.user.email)}>{p.user.email}</ChakraLink>}
                  <Text fontSize="sm">{p.role.name}</Text>
                  <Text fontSize="sm" color="fg.muted">{`Added: ${formatMedium(p.createdAt)}`}</Text>
                </Stack>
                {onRemove && (
                  <Button size="sm" variant="outline" colorPalette="danger" onClick={() => onRemove(p)} aria-label={`Remove ${p.user.name} as ${p.role.name}`}>
                    Remove
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function AddPermissionCard({ existing, onGrant }: { existing: PermissionInfo[]; onGrant: (userId: number, roleId: number) => Promise<void> }) {
  const [search, setSearch] = useState("");
  const typed = search.trim();
  const term = useDebounced(typed, 250);
  const searchable = typed.length >= MIN_SEARCH_LENGTH;
  const found = useQuery({ ...userQueries.search(term), enabled: searchable && term.length >= MIN_SEARCH_LENGTH, placeholderData: keepPreviousData });
  const loading = searchable && found.isFetching;
  const results = searchable && !found.isPending ? (found.data ?? []) : null;
  const message = !searchable
    ? typed.length > 0
      ? `Please enter at least ${MIN_SEARCH_LENGTH} characters to search`
      : null
    : found.error
      ? found.error.message
      : null;

  const has = (userId: number, roleId: number) => existing.some((p) => p.user.id === userId && p.roleId === roleId);

  return (
    <Card.Root as="section" aria-label="Add Chapter Host or Field Organizer">
      <Card.Header>
        <Card.Title as="h3">Add Chapter Host or Field Organizer</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Search by name or email</Field.Label>
            <Input type="search" placeholder="Search by name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
            {message && <Field.HelperText>{message}</Field.HelperText>}
          </Field.Root>
          {loading && <Text role="status">Searching...</Text>}
          {results && results.length === 0 && !loading && <Text color="fg.muted">No users found</Text>}
          {results && results.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" data-testid="user-search-results">
              {results.map((u) => (
                <HStack as="li" key={u.id} justify="space-between" gap="3" wrap="wrap" borderBottomWidth="1px" pb="2">
                  <Stack gap="0">
                    <ChakraLink asChild fontWeight="semibold">
                      <RouterLink to={`/admin/users/${u.id}`}>{u.name}</RouterLink>
                    </ChakraLink>
                    <Text fontSize="sm" color="fg.muted">
                      {u.email}
                    </Text>
                  </Stack>
                  <HStack gap="2">
                    {[ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER].map((roleId) => (
                      <Button key={roleId} size="sm" colorPalette="brand" variant="outline" disabled={has(u.id, roleId)} onClick={() => onGrant(u.id, roleId)}>
                        Make {ROLE_NAMES[roleId]}
                      </Button>
                    ))}
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
