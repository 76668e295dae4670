import { Text } from "@chakra-ui/react";
import { Page } from "../../components/Page";

export function Home() {
  return (
    <Page title="Find a chapter near you">
      <Text>Living Liberally chapters meet across the country.</Text>
    </Page>
  );
}
