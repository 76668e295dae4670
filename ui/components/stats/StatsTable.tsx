import { Table } from "@chakra-ui/react";
import { STATS_FIELDS, STATS_LABELS, type StatsMonth } from "../../../server/contracts/chapterStats";
import { longMonth } from "./monthNames";

/**
 * Every number the charts draw, a row a month (oldest first): the charts' text alternative. Shown, it scrolls
 * sideways on a narrow screen (and takes the keyboard's focus for it); hidden, it is only there to be read.
 */
export function StatsTable({ caption, months, id, shown }: { caption: string; months: StatsMonth[]; id?: string; shown: boolean }) {
  const table = (
    <Table.Root size="sm" data-testid="stats-table" id={id}>
      <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" mt="0" mb="2" px="3" pt="2">
        {caption}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
          {STATS_FIELDS.map((f) => (
            <Table.ColumnHeader key={f} scope="col" textAlign="end">
              {STATS_LABELS[f]}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {months.map((m) => (
          <Table.Row key={m.month}>
            <Table.Cell as="th" scope="row" fontWeight="medium">
              {longMonth(m.month)}
            </Table.Cell>
            {STATS_FIELDS.map((f) => (
              <Table.Cell key={f} textAlign="end">
                {m[f]}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  if (!shown) return table;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="group" aria-label={caption}>
      {table}
    </Table.ScrollArea>
  );
}
