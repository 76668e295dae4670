import { Badge, Button, Heading, HStack, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { contentQueries } from "../../../api/content";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { loadError } from "../shared/loadError";
import { formatDate } from "../format";
import { CONTENT_KINDS, type ContentItem, type ContentKind } from "./contentKinds";

/** The list of blog posts, pages or wiki pages, with View and Edit links. */
export function ContentList({ kind }: { kind: ContentKind }) {
  const list = useQuery(contentQueries.admin(kind.key));

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">{kind.listTitle}</Heading>
        <Button asChild colorPalette="brand"><RouterLink to={`${kind.basePath}/add`}>{kind.addLabel}</RouterLink></Button>
      </HStack>
      <AsyncState query={list} error={<LoadError error={loadError(`The ${kind.listTitle.toLowerCase()} list`)} />} empty={<Text color="fg.muted">Nothing here yet.</Text>}>
        {(items: ContentItem[]) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Title</Table.ColumnHeader>
                  <Table.ColumnHeader>Slug</Table.ColumnHeader>
                  <Table.ColumnHeader>{kind.key === "blog" ? "Created" : "Updated"}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((item) => (
                  <Table.Row key={item.id} data-testid="content-row" data-slug={item.slug}>
                    <Table.Cell>
                      <Text fontWeight="medium">{item.title}</Text>
                      <HStack gap="1" mt="1">
                        {!item.isPublic && <Badge colorPalette="warning">Not Public</Badge>}
                        {item.isEditable === false && <Badge colorPalette="neutral">Not Editable</Badge>}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell><Text fontFamily="mono" fontSize="sm">{item.slug}</Text></Table.Cell>
                    <Table.Cell>{formatDate(kind.key === "blog" ? item.createdAt : item.updatedAt)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="4" justify="flex-end">
                        <Link asChild><RouterLink to={kind.viewPath(item.slug)} aria-label={`View ${item.title}`}>View</RouterLink></Link>
                        <Link asChild><RouterLink to={`${kind.basePath}/edit/${item.slug}`} aria-label={`Edit ${item.title}`}>Edit</RouterLink></Link>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </AsyncState>
    </Stack>
  );
}

export const BlogList = () => <ContentList kind={CONTENT_KINDS.blog} />;
export const PageList = () => <ContentList kind={CONTENT_KINDS.page} />;
export const WikiList = () => <ContentList kind={CONTENT_KINDS.wiki} />;
