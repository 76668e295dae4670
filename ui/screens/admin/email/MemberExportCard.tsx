import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import { NETWORK_MEMBER_EXPORT_PATH } from "../../../api/memberExport";
import { ExportCsvLink } from "../../../components/ExportCsvLink";

/** The network's member export: every chapter's list in one CSV, with the chapter on each row. */
export function MemberExportCard() {
  return (
    <Card.Root size="sm" as="section" aria-label="Member Export">
      <Card.Header>
        <Heading as="h3" size="md">
          Member Export
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          <Text>
            The members of every chapter&apos;s mailing list as a CSV file: chapter, email, name, status, the date they joined and how they joined. Deleted
            members are left out.
          </Text>
          <ExportCsvLink path={NETWORK_MEMBER_EXPORT_PATH} fileName="members-network.csv" label="Export all members (CSV)" testId="export-network-members" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
