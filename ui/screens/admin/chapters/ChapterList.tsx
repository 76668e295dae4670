import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterSummary } from "../../../../server/contracts/chapter";
import { STATES } from "../../../../server/contracts/chapter";
import { chapterQueries } from "../../../api/chapters";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { loadError } from "../shared/loadError";
import { readableTextOn } from "../../../lib/contrast";
import { capitalize, chapterPath } from "../format";

const stateName = (s: string) => STATES[s] ?? s.toUpperCase();

/** /admin/chapters: every chapter grouped by state, with a text filter and Add Chapter. */
export function ChapterList() {
  const query = useQuery(chapterQueries.list());
  const chapters = query.data;
  const [filter, setFilter] = useState("");

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const matching = (chapters ?? []).filter(
      (c) => !q || [c.displayTitle, c.city, c.slug, c.state, stateName(c.state)].some((v) => v.toLowerCase().includes(q)),
    );
    const byState = new Map<string, ChapterSummary[]>();
    for (const c of matching) byState.set(c.state, [...(byState.get(c.state) ?? []), c]);
    return [...byState.entries()].sort(([a], [b]) => stateName(a).localeCompare(stateName(b)));
  }, [chapters, filter]);

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">Chapters</Heading>
        <Button asChild colorPalette="blue"><RouterLink to="/admin/chapters/add">Add Chapter</RouterLink></Button>
      </HStack>
      <Input aria-label="Filter chapters" placeholder="Filter by title, city or state" value={filter} onChange={(e) => setFilter(e.target.value)} maxW="md" />
      <AsyncState query={query} error={<LoadError error={loadError("The chapters")} />}>
        {() => (
          <>
            {groups.length === 0 && <Text color="gray.600">No chapters found</Text>}
            {groups.map(([state, rows]) => (
              <Box key={state} as="section" aria-label={stateName(state)}>
                <Heading as="h3" size="md" mb="2">{stateName(state)}</Heading>
                <Table.ScrollArea borderWidth="1px" rounded="md">
                  <Table.Root size="sm">
                    <Table.Body>
                      {rows.map((c) => (
                        <Table.Row key={c.id} data-testid="chapter-row" data-slug={c.slug} opacity={c.status === 1 ? 1 : 0.7}>
                          <Table.Cell>
                            <Link asChild fontWeight="medium"><RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink></Link>
                          </Table.Cell>
                          <Table.Cell>{c.chapterType.name && <Badge style={{ background: c.chapterType.hexColor, color: readableTextOn(c.chapterType.hexColor) }}>{capitalize(c.chapterType.name)}</Badge>}</Table.Cell>
                          <Table.Cell>{c.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Hidden</Badge>}</Table.Cell>
                          <Table.Cell textAlign="end">
                            <HStack justify="flex-end" gap="4">
                              <Link asChild><RouterLink to={`/admin/users?chapterId=${c.id}`}>Add Hosts</RouterLink></Link>
                              <Link asChild><RouterLink to={`${chapterPath(c)}/admin`}>Admin</RouterLink></Link>
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              </Box>
            ))}
          </>
        )}
      </AsyncState>
    </Stack>
  );
}
