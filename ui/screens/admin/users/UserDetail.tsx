import { Box, Card, DataList, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { UserChapterInfo } from "../../../../server/contracts/siteAdmin";
import { hostApplicationQueries } from "../../../api/hostApplications";
import { usePagedList } from "../../../api/paging";
import { noteQueries, useAddUserNote } from "../../../api/notes";
import { userQueries } from "../../../api/users";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { relativeAge } from "../../../lib/relativeAge";
import { loadError } from "../shared/loadError";
import { NotesPanel } from "../shared/NotesPanel";
import { ArchivedBadge, StatusBadge } from "../shared/StatusBadge";
import { chapterPath, formatDate, yesNo } from "../format";
import { AdminRoleButton } from "./AdminRoleButton";

/** "Last post: Mar 5, 2026 (2 weeks)" or "No posts yet". */
export function lastPostText(date: string | null, now = new Date()): string {
  if (!date) return "No posts yet";
  const age = relativeAge(date, now);
  return `Last post: ${formatDate(date)} (${age === "today" ? "today" : `${age} ago`})`;
}

function ChapterCard({ title, chapters }: { title: string; chapters: UserChapterInfo[] }) {
  return (
    <Card.Root flex="1" minW="64" as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h3" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {chapters.length === 0 ? (
          <Text color="fg.muted">None</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {chapters.map((c) => (
              <Box as="li" key={c.id}>
                <Link asChild fontWeight="medium">
                  <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {lastPostText(c.lastBlogPostDate)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/users/{userId}: the person, their chapters with last post dates, their applications and notes. */
export function UserDetail() {
  const { userId = "" } = useParams();
  const id = Number(userId);
  const query = useQuery(userQueries.byId(id));
  const applications = useQuery(hostApplicationQueries.ofUser(id));
  const notes = usePagedList(noteQueries.user(id));
  const { mutateAsync: addNote } = useAddUserNote(id);

  return (
    <AsyncState query={query} error={(err) => <LoadError error={err.status === 404 ? "This user does not exist." : loadError("The user")} />}>
      {(user) => (
        <Stack gap="6">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="lg">
              {user.name}
            </Heading>
            <Link asChild>
              <RouterLink to="/admin/users">All Users</RouterLink>
            </Link>
          </HStack>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue>
                <Link href={`mailto:${user.email}`}>{user.email}</Link>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Joined</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(user.createdAt)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Admin</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack gap="3">
                  <Text data-testid="user-admin">{yesNo(user.isAdmin)}</Text>
                  <AdminRoleButton user={user} />
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <HStack align="stretch" gap="4" wrap="wrap">
            <ChapterCard title="Chapter Host For" chapters={user.chapterHostChapters} />
            <ChapterCard title="Field Organizer For" chapters={user.fieldOrganizerChapters} />
          </HStack>
          <Box as="section" aria-label="Chapter Host Applications">
            <Heading as="h3" size="md" mb="2">
              Chapter Host Applications
            </Heading>
            <AsyncState query={applications} loading={<Text color="fg.muted">Loading...</Text>} empty={<Text color="fg.muted">None</Text>}>
              {(list) => (
                <Stack as="ul" gap="2" listStyleType="none">
                  {list.map((a) => (
                    <HStack as="li" key={a.id} gap="3" wrap="wrap">
                      <Link asChild fontWeight="medium">
                        <RouterLink to={`/admin/chapter_host_applications/${a.slug}`}>
                          {a.city}, {a.state.toUpperCase()}
                        </RouterLink>
                      </Link>
                      <StatusBadge status={a.status} />
                      {a.isArchived && <ArchivedBadge />}
                      <Text fontSize="sm" color="fg.muted">
                        {formatDate(a.createdAt)}
                      </Text>
                    </HStack>
                  ))}
                </Stack>
              )}
            </AsyncState>
          </Box>
          <NotesPanel notes={notes} onSave={addNote} />
        </Stack>
      )}
    </AsyncState>
  );
}
