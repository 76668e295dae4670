import { Box, DataList, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import type { ListEmailPreview } from "../../../../server/contracts/mailingList";

interface Props {
  preview: ListEmailPreview;
  /** The draft changed after this preview was made. */
  stale: boolean;
}

/**
 * What members will see (issue 29): who it is from, where replies go, and both parts as the server composes them,
 * the HTML in a sandboxed frame (no scripts, no links followed) and the plain text as it reads.
 */
export function EmailPreview({ preview, stale }: Props) {
  return (
    <Stack as="section" aria-label="Preview" gap="3" data-testid="email-preview">
      <Heading as="h3" size="md">
        What Members Will See
      </Heading>
      {stale && (
        <Text color="fg.muted" role="status">
          The email has changed since this preview: preview it again to see the changes.
        </Text>
      )}
      <DataList.Root orientation="horizontal" gap="1" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>From</DataList.ItemLabel>
          <DataList.ItemValue>{`${preview.fromName} <${preview.fromAddress}>`}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Reply-To</DataList.ItemLabel>
          <DataList.ItemValue>{preview.replyTo || "(none)"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Subject</DataList.ItemLabel>
          <DataList.ItemValue>{preview.subject || "(no title yet)"}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Tabs.Root defaultValue="html" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="html">HTML</Tabs.Trigger>
          <Tabs.Trigger value="text">Plain Text</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="html">
          <Box borderWidth="1px" rounded="md" overflow="hidden">
            <iframe title="The email as HTML" sandbox="" srcDoc={preview.html} style={{ display: "block", width: "100%", height: "480px", border: 0 }} />
          </Box>
        </Tabs.Content>
        <Tabs.Content value="text">
          <Box as="pre" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm" p="3" borderWidth="1px" rounded="md" data-testid="email-preview-text">
            {preview.text}
          </Box>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
