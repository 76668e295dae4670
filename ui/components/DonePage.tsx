import { Link as ChakraLink, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Page } from "./Page";

/** The page a finished form leaves: its title, a sentence, the link onward, and anything after (another way on). */
export function DonePage({ title, message, to, linkLabel, children }: { title: string; message: string; to: string; linkLabel: string; children?: ReactNode }) {
  return (
    <Page title={title} maxW="md">
      <Text fontSize="lg">{message}</Text>
      <ChakraLink asChild colorPalette="brand" fontWeight="bold">
        <RouterLink to={to}>{linkLabel}</RouterLink>
      </ChakraLink>
      {children}
    </Page>
  );
}
