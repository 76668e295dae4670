import { Box, Heading, Text } from "@chakra-ui/react";
import type { ChapterListIdResponse } from "../../../../server/contracts/mailingList";

const SERVICE_NAMES = { sendInBlue: "Send In Blue", bronto: "Bronto" } as const;

/** Why the chapter has no mailing list yet and what happens next, by the list's status. */
export function listStatusText({ listStatus, serviceName }: Pick<ChapterListIdResponse, "listStatus" | "serviceName">): string {
  const service = SERVICE_NAMES[serviceName];
  if (listStatus === "creating") {
    return `Its mailing list is being created at ${service}. That usually takes a few seconds; while ${service} cannot be reached we keep trying, and people can join as soon as it is ready. This page updates by itself.`;
  }
  if (listStatus === "failed") {
    return `${service} refused to create its mailing list. A site admin can see why and retry on Email Administration, or attach an existing list by typing its id in Chapter Settings.`;
  }
  return "A site admin or field organizer can attach an existing list by typing its id in Chapter Settings; otherwise one is created the next time the email service is switched or the site restarts.";
}

/** Members with no list: the spec's "No Members" with the reason and the next step. */
export function NoMailingList(props: Pick<ChapterListIdResponse, "listStatus" | "serviceName">) {
  return (
    <Box textAlign="center" py="8" data-testid="no-mailing-list">
      <Heading as="h3" size="md">
        No Members
      </Heading>
      <Text>This Chapter has no mailing list.</Text>
      <Text mt="2" color="fg.muted" maxW="60ch" mx="auto">
        {listStatusText(props)}
      </Text>
    </Box>
  );
}
