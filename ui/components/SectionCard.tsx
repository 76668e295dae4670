import { Card, Heading } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A card with its title as a heading (h3 unless told), the part of a settings or detail page it holds below. */
export function SectionCard({ title, as = "h3", children }: { title: ReactNode; as?: "h2" | "h3"; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as={as} size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
