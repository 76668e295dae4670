import { Link, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { HostApplicationInfo } from "../../../server/contracts/hostApplication";
import { STATES } from "../../../server/contracts/chapter";
import { hostApplicationQueries } from "../../api/hostApplications";
import { AsyncState } from "../../components/AsyncState";
import { TableHead } from "../../components/TableHead";
import { formatCreated } from "../../lib/format";
import { Page } from "../../components/Page";

const stateName = (s: string) => STATES[s] ?? s.toUpperCase();
const stateLabel = (s: string) => (s === "int" ? "International" : s.toUpperCase());

/** /my_chapter_host_applications: the user's applications. */
export function MyApplications() {
  const applications = useQuery(hostApplicationQueries.my());
  return (
    <Page title="My Chapter Host Applications">
      <AsyncState
        query={applications}
        loading={<Spinner aria-label="Loading" />}
        error={<Text>Your applications could not be loaded.</Text>}
        empty={
          <Text>
            You have not applied to host a chapter yet.{" "}
            <Link asChild color="link">
              <RouterLink to="/intro_start_chapter">Start one</RouterLink>
            </Link>
          </Text>
        }
      >
        {(data) => <MyApplicationTable applications={data} />}
      </AsyncState>
    </Page>
  );
}

function MyApplicationTable({ applications }: { applications: HostApplicationInfo[] }) {
  return (
    <Table.Root size="sm" data-testid="my-applications">
      <TableHead columns={["City", "State", "Type", "Applied", "Status"]} />
      <Table.Body>
        {applications.map((a) => (
          <Table.Row key={a.id}>
            <Table.Cell>
              <Link asChild color="link">
                <RouterLink to={`/my_chapter_host_applications/${a.slug}`}>{a.city}</RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{stateLabel(a.state)}</Table.Cell>
            <Table.Cell textTransform="capitalize">{a.type}</Table.Cell>
            <Table.Cell>{formatCreated(a.createdAt)}</Table.Cell>
            <Table.Cell>{a.statusLabel}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** /my_chapter_host_applications/{slug}: city, state, created date, status, and a Back link. */
export function MyApplication() {
  const { slug = "" } = useParams();
  const application = useQuery(hostApplicationQueries.mine(slug));
  const back = (
    <Link asChild color="link">
      <RouterLink to="/my_chapter_host_applications">Back</RouterLink>
    </Link>
  );
  return (
    <AsyncState
      query={application}
      loading={<Spinner aria-label="Loading" m="8" />}
      error={(error) => (
        <Page title="Application">
          <Text>{error.status === 404 ? "We could not find that application." : "You cannot see this application."}</Text>
          {back}
        </Page>
      )}
    >
      {(data) => (
        <Page title={`Application: ${data.city}`}>
          <Stack as="dl" gap="2" data-testid="application-detail">
            <Text as="dt" fontWeight="semibold">
              City
            </Text>
            <Text as="dd">{data.city}</Text>
            <Text as="dt" fontWeight="semibold">
              State
            </Text>
            <Text as="dd">{stateName(data.state)}</Text>
            <Text as="dt" fontWeight="semibold">
              Created
            </Text>
            <Text as="dd">{formatCreated(data.createdAt)}</Text>
            <Text as="dt" fontWeight="semibold">
              Status
            </Text>
            <Text as="dd" data-testid="application-status">
              {data.statusLabel}
            </Text>
          </Stack>
          {back}
        </Page>
      )}
    </AsyncState>
  );
}
