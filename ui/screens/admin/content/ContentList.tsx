import { Badge, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { contentQueries } from "../../../api/content";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { loadError } from "../shared/loadError";
import { formatDate } from "../format";
import { CONTENT_KINDS, type ContentItem, type ContentKind } from "./contentKinds";
import { AdminTable, LinksCell } from "../shared/AdminTable";
import { LinkButton } from "../../../components/LinkButton";

/** The list of blog posts, pages or wiki pages, with View and Edit links. */
export function ContentList({ kind }: { kind: ContentKind }) {
  const list = useQuery(contentQueries.admin(kind.key));

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {kind.listTitle}
        </Heading>
        <LinkButton colorPalette="brand">
          <RouterLink to={`${kind.basePath}/add`}>{kind.addLabel}</RouterLink>
        </LinkButton>
      </HStack>
      <AsyncState
        query={list}
        error={<LoadError error={loadError(`The ${kind.listTitle.toLowerCase()} list`)} />}
        empty={<Text color="fg.muted">Nothing here yet.</Text>}
      >
        {(items: ContentItem[]) => (
          <AdminTable columns={["Title", "Slug", kind.key === "blog" ? "Created" : "Updated", ""]}>
            {items.map((item) => (
              <Table.Row key={item.id} data-testid="content-row" data-slug={item.slug}>
                <Table.Cell>
                  <Text fontWeight="medium">{item.title}</Text>
                  <HStack gap="1" mt="1">
                    {!item.isPublic && <Badge colorPalette="warning">Not Public</Badge>}
                    {item.isEditable === false && <Badge colorPalette="neutral">Not Editable</Badge>}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Text fontFamily="mono" fontSize="sm">
                    {item.slug}
                  </Text>
                </Table.Cell>
                <Table.Cell>{formatDate(kind.key === "blog" ? item.createdAt : item.updatedAt)}</Table.Cell>
                <LinksCell
                  links={[
                    { to: kind.viewPath(item.slug), label: "View", ariaLabel: `View ${item.title}` },
                    { to: `${kind.basePath}/edit/${item.slug}`, label: "Edit", ariaLabel: `Edit ${item.title}` },
                  ]}
                />
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </AsyncState>
    </Stack>
  );
}

export const BlogList = () => <ContentList kind={CONTENT_KINDS.blog} />;
export const PageList = () => <ContentList kind={CONTENT_KINDS.page} />;
export const WikiList = () => <ContentList kind={CONTENT_KINDS.wiki} />;
