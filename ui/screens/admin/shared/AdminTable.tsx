import { HStack, Link, Table } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { TableHead } from "../../../components/TableHead";

/** The site admin's list table: a bordered, scrolling table with one header row; rows are the children. */
export function AdminTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <TableHead columns={columns} />
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A row's last cell: its links (View, Edit, Admin, ...), at the end of the row. */
export function LinksCell({ links }: { links: { to: string; label: string; ariaLabel?: string }[] }) {
  return (
    <Table.Cell textAlign="end">
      <HStack justify="flex-end" gap="4">
        {links.map((l) => (
          <Link key={l.label} asChild>
            <RouterLink to={l.to} aria-label={l.ariaLabel}>
              {l.label}
            </RouterLink>
          </Link>
        ))}
      </HStack>
    </Table.Cell>
  );
}
