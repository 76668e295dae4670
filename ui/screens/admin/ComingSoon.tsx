import { Heading, Stack, Text } from "@chakra-ui/react";

/** Site Content and Surveys (spec 001 section 1): placeholders. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text fontSize="lg">Coming Soon!</Text>
    </Stack>
  );
}

export const SiteContentScreen = () => <ComingSoon title="Site Content" />;
export const SurveysScreen = () => <ComingSoon title="Surveys" />;

/** An /admin path no screen answers. */
export const AdminNotFound = () => (
  <Stack gap="3">
    <Heading as="h2" size="lg">
      Not Found
    </Heading>
    <Text>There is no admin screen here.</Text>
  </Stack>
);
