import { Alert, Button, Card, Field, HStack, Input, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { MIN_SEARCH_LENGTH, type PermissionInfo, type UserListItem } from "../../../server/contracts/chapterAdmin";
import { api, ApiRequestError } from "../../api/client";
import { formatMedium } from "../../lib/formatDate";
import { mailtoHref } from "../../lib/text";
import { useLoad } from "../../lib/useLoad";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, LoadError, Loading } from "./AdminSection";

const ROLE_HOST = 3;
const ROLE_FIELD_ORGANIZER = 2;

/**
 * Chapter Hosts (spec 001 section 2): the Chapter Hosts and Field Organizers cards; admins also remove
 * permissions and add people with the search card.
 */
export function ChapterHosts() {
  const { chapter, reload: reloadChapter } = useChapterAdmin();
  const permissions = useLoad(() => api.get<PermissionInfo[]>(`/api/permission/${chapter.id}`), [chapter.id]);
  const canManage = chapter.abilities.managePermissions;
  const [error, setError] = useState<string | null>(null);

  const refresh = async () => {
    await permissions.reload();
    await reloadChapter();
  };

  const handleRemove = async (p: PermissionInfo) => {
    setError(null);
    try {
      await api.post("/api/permission/delete", { id: p.id });
      await refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const handleGrant = async (userId: number, roleId: number) => {
    setError(null);
    try {
      await api.post(`/api/permission/${chapter.id}`, { userId, roleId });
      await refresh();
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
      {permissions.error ? (
        <LoadError error={permissions.error} />
      ) : !permissions.data ? (
        <Loading label="Loading hosts" />
      ) : (
        <>
          <PermissionCard title="Chapter Hosts" items={permissions.data.filter((p) => p.roleId === ROLE_HOST)} onRemove={canManage ? handleRemove : undefined} />
          <PermissionCard title="Field Organizers" items={permissions.data.filter((p) => p.roleId === ROLE_FIELD_ORGANIZER)} onRemove={canManage ? handleRemove : undefined} />
          {canManage && <AddPermissionCard existing={permissions.data} onGrant={handleGrant} />}
        </>
      )}
    </AdminSection>
  );
}

function PermissionCard({ title, items, onRemove }: { title: string; items: PermissionInfo[]; onRemove?: (p: PermissionInfo) => void }) {
  return (
    <Card.Root data-testid={`card-${title}`} aria-label={title} as="section">
      <Card.Header>
        <Card.Title as="h3">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <Text color="gray.600">None</Text>
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
                  <Text fontSize="sm" color="gray.600">{`Added: ${formatMedium(p.createdAt)}`}</Text>
                </Stack>
                {onRemove && (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove(p)} aria-label={`Remove ${p.user.name} as ${p.role.name}`}>
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
  const [results, setResults] = useState<UserListItem[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const term = search.trim();
    if (term.length < MIN_SEARCH_LENGTH) {
      setResults(null);
      setMessage(term.length > 0 ? `Please enter at least ${MIN_SEARCH_LENGTH} characters to search` : null);
      return;
    }
    setMessage(null);
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        setResults(await api.post<UserListItem[]>("/api/user/search", { search: term }));
      } catch (err) {
        setResults([]);
        setMessage(err instanceof ApiRequestError ? err.message : "Search failed");
      } finally {
        setLoading(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);

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
          {results && results.length === 0 && !loading && <Text color="gray.600">No users found</Text>}
          {results && results.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" data-testid="user-search-results">
              {results.map((u) => (
                <HStack as="li" key={u.id} justify="space-between" gap="3" wrap="wrap" borderBottomWidth="1px" pb="2">
                  <Stack gap="0">
                    <ChakraLink asChild fontWeight="semibold">
                      <RouterLink to={`/admin/users/${u.id}`}>{u.name}</RouterLink>
                    </ChakraLink>
                    <Text fontSize="sm" color="gray.700">
                      {u.email}
                    </Text>
                  </Stack>
                  <HStack gap="2">
                    <Button size="sm" colorPalette="blue" variant="outline" disabled={has(u.id, ROLE_HOST)} onClick={() => onGrant(u.id, ROLE_HOST)}>
                      Make Chapter Host
                    </Button>
                    <Button size="sm" colorPalette="blue" variant="outline" disabled={has(u.id, ROLE_FIELD_ORGANIZER)} onClick={() => onGrant(u.id, ROLE_FIELD_ORGANIZER)}>
                      Make Field Organizer
                    </Button>
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
