import { Box, Heading, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { LinkButton } from "./LinkButton";

/** The start-a-chapter call-out (state page, home). */
export function StartChapterBox({ where }: { where?: string }) {
  return (
    <Box borderWidth="1px" borderColor="brand.emphasized" bg="brand.subtle" borderRadius="md" p="5" data-testid="start-chapter-box">
      <Heading as="h2" size="md" mb="2">
        Start a chapter{where ? ` in ${where}` : ""}
      </Heading>
      <Text mb="3">Don't see a chapter near you? Bring progressives together where you live.</Text>
      <LinkButton colorPalette="brand">
        <RouterLink to="/intro_start_chapter">Start One</RouterLink>
      </LinkButton>
    </Box>
  );
}
