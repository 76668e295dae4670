import { Box, Heading, HStack, Link, Stack, Switch, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { AdminHostApplication } from "../../../../server/contracts/siteAdmin";
import { STATES } from "../../../../server/contracts/chapter";
import { usePagedList } from "../../../api/paging";
import { LoadMore } from "../../../components/LoadMore";
import { hostApplicationQueries } from "../../../api/hostApplications";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { loadError } from "../shared/loadError";
import { ArchivedBadge, StatusBadge } from "../shared/StatusBadge";
import { formatDate, yesNo } from "../format";
import { AdminTable } from "../shared/AdminTable";

const GROUPS: Array<{ title: string; statuses: string[] }> = [
  { title: "Open", statuses: ["open"] },
  { title: "Approved", statuses: ["approved", "approved_without_creation"] },
  { title: "Denied", statuses: ["denied"] },
];

function HostApplicationTable({ rows }: { rows: AdminHostApplication[] }) {
  return (
    <AdminTable columns={["Applicant", "Status", "City, State", "Created", "Completed Call", "Signed Agreement", "Gave Additional Info", ""]}>
      {rows.map((a) => (
        <Table.Row key={a.id} data-testid="application-row" data-slug={a.slug}>
          <Table.Cell>
            <Text fontWeight="medium">{a.user.name}</Text>
            <Link href={`mailto:${a.user.email}`} fontSize="sm">
              {a.user.email}
            </Link>
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1" wrap="wrap">
              <StatusBadge status={a.status} />
              {a.isArchived && <ArchivedBadge />}
            </HStack>
          </Table.Cell>
          <Table.Cell>
            {a.city}, {STATES[a.state] ?? a.state.toUpperCase()}
          </Table.Cell>
          <Table.Cell>{formatDate(a.createdAt)}</Table.Cell>
          <Table.Cell>{yesNo(a.didHavePhoneCall)}</Table.Cell>
          <Table.Cell>{yesNo(a.didSignAgreement)}</Table.Cell>
          <Table.Cell>{yesNo(a.didGiveAdditionalInfo)}</Table.Cell>
          <Table.Cell>
            <Link asChild fontWeight="medium">
              <RouterLink to={`/admin/chapter_host_applications/${a.slug}`} aria-label={`View the application of ${a.user.name}`}>
                View
              </RouterLink>
            </Link>
          </Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}

/** /admin/chapter_host_applications: open, approved (with approved-without-creation) and denied; newest first, 100 at a time. */
export function HostApplicationList() {
  const applications = usePagedList(hostApplicationQueries.adminList());
  const [showArchived, setShowArchived] = useState(false);

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          Chapter Host Applications
        </Heading>
        <Switch.Root checked={showArchived} onCheckedChange={(e) => setShowArchived(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Show Archived</Switch.Label>
        </Switch.Root>
      </HStack>
      <AsyncState query={applications} error={<LoadError error={loadError("The host applications")} />}>
        {(rows) => {
          const visible = rows.filter((a) => showArchived || !a.isArchived);
          return GROUPS.map((group) => {
            const inGroup = visible.filter((a) => group.statuses.includes(a.status));
            return (
              <Box key={group.title} as="section" aria-label={group.title}>
                <Heading as="h3" size="md" mb="2">
                  {group.title} ({inGroup.length})
                </Heading>
                {inGroup.length === 0 ? <Text color="fg.muted">None</Text> : <HostApplicationTable rows={inGroup} />}
              </Box>
            );
          });
        }}
      </AsyncState>
      <LoadMore query={applications} label="Older Applications" />
    </Stack>
  );
}
