import { Alert, Card, Code, Heading, List, Stack, Text } from "@chakra-ui/react";
import type { DeliverabilityInfo } from "../../../../server/contracts/mailingList";

/**
 * Deliverability at a glance (issue 29): the DNS records MAIL_FROM's domain needs so mailboxes trust our mail, and
 * warnings about what the running configuration lacks.
 */
export function DeliverabilityCard({ info }: { info: DeliverabilityInfo }) {
  return (
    <Card.Root size="sm" as="section" aria-label="Deliverability">
      <Card.Header>
        <Heading as="h3" size="md">
          Deliverability
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" fontSize="sm">
          {info.warnings.length > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>What this configuration lacks</Alert.Title>
                <Alert.Description>
                  <List.Root>
                    {info.warnings.map((w) => (
                      <List.Item key={w}>{w}</List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Text>{`Every message is sent from ${info.fromDomain || "MAIL_FROM's domain"}. Mailboxes trust it when that domain publishes these records:`}</Text>
          <List.Root as="ol" gap="2" ps="5">
            {info.records.map((r) => (
              <List.Item key={r.kind} data-testid="dns-record">
                <Text>
                  <strong>{r.kind}</strong> at <Code wordBreak="break-all">{r.name}</Code>
                </Text>
                <Text color="fg.muted">{r.what}</Text>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
