import { Badge, Heading, HStack, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { pressMentionQueries } from "../../../api/pressMentions";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { loadError } from "../shared/loadError";
import { formatDate } from "../format";
import { AdminTable, LinksCell } from "../shared/AdminTable";
import { LinkButton } from "../../../components/LinkButton";

/** /admin/press_mentions: every press mention, with or without a chapter. */
export function SiteAdminPressMentionList() {
  const mentions = useQuery(pressMentionQueries.adminAll());

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          Press Mentions
        </Heading>
        <LinkButton colorPalette="brand">
          <RouterLink to="/admin/press_mentions/add">Add Press Mention</RouterLink>
        </LinkButton>
      </HStack>
      <AsyncState query={mentions} error={<LoadError error={loadError("The press mentions")} />} empty={<Text color="fg.muted">No press mentions yet.</Text>}>
        {(items) => (
          <AdminTable columns={["Title", "Chapter", "Added", ""]}>
            {items.map((m) => (
              <Table.Row key={m.id} data-testid="press-row" data-slug={m.slug}>
                <Table.Cell>
                  <Link href={m.url} target="_blank" rel="noopener noreferrer" fontWeight="medium">
                    {m.title}
                  </Link>
                  {!m.isVisible && (
                    <Badge ms="2" colorPalette="warning">
                      Hidden
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {m.chapter ? (
                    m.chapter.displayTitle
                  ) : (
                    <Text as="span" color="fg.muted">
                      None
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{formatDate(m.createdAt)}</Table.Cell>
                <LinksCell links={[{ to: `/admin/press_mentions/edit/${m.slug}`, label: "Edit", ariaLabel: `Edit ${m.title}` }]} />
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </AsyncState>
    </Stack>
  );
}
