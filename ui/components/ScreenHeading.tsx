import { Heading, Link, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LinkButton } from "./LinkButton";

/** A link to a screen's add form (Add Chapter, Add Members): an underlined link, or a button when `button`. */
export interface AddLink {
  to: string;
  label: string;
  button?: boolean;
}

/** An admin screen's heading (h2) with its actions (an add link, or others) on the right, or below it on a phone. */
export function ScreenHeading({ title, actions, addLink }: { title: ReactNode; actions?: ReactNode; addLink?: AddLink }) {
  return (
    <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {actions}
      {addLink?.button && (
        <LinkButton colorPalette="brand">
          <RouterLink to={addLink.to}>{addLink.label}</RouterLink>
        </LinkButton>
      )}
      {addLink && !addLink.button && (
        <Link asChild fontWeight="medium">
          <RouterLink to={addLink.to}>{addLink.label}</RouterLink>
        </Link>
      )}
    </Stack>
  );
}
