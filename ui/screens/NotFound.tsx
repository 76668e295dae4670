import { Link as ChakraLink, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Page } from "../components/Page";

export function NotFound() {
  return (
    <Page title="Page not found">
      <Text>We could not find that page.</Text>
      <ChakraLink asChild>
        <RouterLink to="/">Go to the home page</RouterLink>
      </ChakraLink>
    </Page>
  );
}
