import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A table's one header row, a column header for each of `columns`. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((column, i) => (
          <Table.ColumnHeader key={i}>{column}</Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
