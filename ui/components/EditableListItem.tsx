import { Card, HStack, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LinkButton } from "./LinkButton";

/** One card of an admin list (events, press mentions): what it shows, with an Edit link on the right. */
export function EditableListItem({
  editTo,
  editLabel,
  children,
  ...data
}: { editTo: string; editLabel: string; children: ReactNode } & { [attribute: `data-${string}`]: string }) {
  return (
    <Card.Root as="li" size="sm" {...data}>
      <Card.Body>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            {children}
          </Stack>
          <LinkButton size="sm" variant="outline">
            <RouterLink to={editTo} aria-label={editLabel}>
              Edit
            </RouterLink>
          </LinkButton>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
