import { Badge, Box, Heading, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ChapterSummary } from "../../../../server/contracts/chapter";
import { STATES, chapterStatusLabel } from "../../../../server/contracts/chapter";
import { chapterQueries } from "../../../api/chapters";
import { usePagedList } from "../../../api/paging";
import { LoadMore } from "../../../components/LoadMore";
import { useDebounced } from "../../../lib/useDebounced";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { ScreenHeading } from "../../../components/ScreenHeading";
import { loadError } from "../shared/loadError";
import { chapterTypeColours } from "../../../components/chapterTypeColours";
import { capitalize, chapterPath } from "../format";
import { LinksCell } from "../shared/AdminTable";

const stateName = (s: string) => STATES[s] ?? s.toUpperCase();

/** /admin/chapters: the chapters grouped by state (100 at a time, Load More), with a search and Add Chapter. */
export function ChapterList() {
  const [filter, setFilter] = useState("");
  // The server searches title, city, slug and state abbreviation; a state's full name is matched here too.
  const typed = useDebounced(filter.trim(), 300);
  const byName = Object.entries(STATES).find(([, name]) => typed.length >= 3 && name.toLowerCase() === typed.toLowerCase())?.[0];
  const query = usePagedList(chapterQueries.adminList(byName ?? typed));
  const chapters = query.data;

  const groups = useMemo(() => {
    const matching = chapters ?? [];
    const byState = new Map<string, ChapterSummary[]>();
    for (const c of matching) byState.set(c.state, [...(byState.get(c.state) ?? []), c]);
    return [...byState.entries()].sort(([a], [b]) => stateName(a).localeCompare(stateName(b)));
  }, [chapters]);

  return (
    <Stack gap="6">
      <ScreenHeading title="Chapters" addLink={{ to: "/admin/chapters/add", label: "Add Chapter", button: true }} />
      <Input aria-label="Filter chapters" placeholder="Filter by title, city or state" value={filter} onChange={(e) => setFilter(e.target.value)} maxW="md" />
      <AsyncState query={query} error={<LoadError error={loadError("The chapters")} />}>
        {() => (
          <>
            {groups.length === 0 && <Text color="fg.muted">No chapters found</Text>}
            {groups.map(([state, rows]) => (
              <Box key={state} as="section" aria-label={stateName(state)}>
                <Heading as="h3" size="md" mb="2">
                  {stateName(state)}
                </Heading>
                <Table.ScrollArea borderWidth="1px" rounded="md">
                  <Table.Root size="sm">
                    <Table.Body>
                      {rows.map((c) => (
                        <Table.Row key={c.id} data-testid="chapter-row" data-slug={c.slug} bg={c.status === 1 ? undefined : "bg.muted"}>
                          <Table.Cell>
                            <Link asChild fontWeight="medium">
                              <RouterLink to={chapterPath(c)}>{c.displayTitle}</RouterLink>
                            </Link>
                          </Table.Cell>
                          <Table.Cell>
                            {c.chapterType.name && <Badge css={chapterTypeColours(c.chapterType)}>{capitalize(c.chapterType.name)}</Badge>}
                          </Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={c.status === 1 ? "success" : "neutral"}>{chapterStatusLabel(c.status)}</Badge>
                          </Table.Cell>
                          <LinksCell
                            links={[
                              { to: `/admin/users?chapterId=${c.id}`, label: "Add Hosts" },
                              { to: `${chapterPath(c)}/admin`, label: "Admin" },
                            ]}
                          />
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
      <LoadMore query={query} />
    </Stack>
  );
}
