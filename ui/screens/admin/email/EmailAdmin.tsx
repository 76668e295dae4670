import { Alert, Box, Button, Card, Code, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { emailAliasQueries, useTestAliasService } from "../../../api/emailAliases";
import { settingsQueries, useRetryFailedDeliveries } from "../../../api/settings";
import { ALIAS_SEARCH_MIN, ALIAS_SEARCH_TOO_SHORT, type EmailAliasInfo } from "../../../../server/contracts/mailingList";
import { TableHead } from "../../../components/TableHead";
import { AliasModal } from "./AliasModal";
import { DeleteAliasModal } from "./DeleteAliasModal";
import { aliasErrorMessage } from "./aliasErrors";
import { DeliverabilityCard } from "./DeliverabilityCard";
import { MemberExportCard } from "./MemberExportCard";

const PROVIDER_NAMES = { builtIn: "Built-in (our own mail)", brevo: "Brevo (Send In Blue)", bronto: "Bronto" };

/**
 * List delivery status: which provider carries the lists, background jobs that failed for good, and list email
 * recipients waiting, refused, not known (interrupted by a crash where the provider cannot tell) or retried
 * (interrupted, then sent again as the same message). A convenience: when the settings cannot be loaded (logged)
 * the card is not shown.
 */
function DeliveryCard() {
  const info = useQuery(settingsQueries.email()).data;
  const retry = useRetryFailedDeliveries();
  const [note, setNote] = useState<string | null>(null);
  if (!info) return null;
  const handleRetry = async () => {
    try {
      const res = await retry.mutateAsync();
      setNote(`${res.retried} deliver${res.retried === 1 ? "y" : "ies"} queued again.`);
    } catch (err) {
      setNote(`The failed deliveries were not queued again: ${aliasErrorMessage(err)}`);
    }
  };
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h3" size="md">
          Mailing List Delivery
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          <Text>
            Lists are carried by <strong>{PROVIDER_NAMES[info.activeProvider]}</strong>
            {info.activeProvider === "builtIn" &&
              info.serviceName &&
              ` (no key is configured for ${info.serviceName === "bronto" ? "Bronto" : "Send In Blue"})`}
            .
          </Text>
          <Text data-testid="delivery-queue">{`${info.queue.pending} waiting, ${info.queue.running} running, ${info.queue.failed} failed`}</Text>
          {info.queue.recentFailures.map((f) => (
            <Text key={f.id} color="danger.fg">{`${f.type}: ${f.lastError}`}</Text>
          ))}
          {info.queue.failed > 0 && (
            <Button size="xs" alignSelf="flex-start" onClick={handleRetry}>
              Retry failed deliveries
            </Button>
          )}
          {note && <Text role="status">{note}</Text>}
          <Text data-testid="recipient-deliveries">{`List emails: ${info.deliveries.waiting} recipients waiting, ${info.deliveries.failed} refused, ${info.deliveries.unknown} not known, ${info.deliveries.retried} retried`}</Text>
          {info.deliveries.retried > 0 && (
            <Text color="fg.muted" data-testid="retried-note">
              Retried: the email was being handed over when a server stopped, so it went again as the same message (the same Message-ID). Nobody misses it;
              where the first copy had gone out too, mail services such as Gmail keep only one.
            </Text>
          )}
          {info.deliveries.unknown > 0 && (
            <Text color="fg.muted">
              Not known: the email was being handed to the provider when a server stopped, and the provider cannot tell us whether it went out. We do not send
              it again, so nobody gets it twice.
            </Text>
          )}
          {info.deliveries.recentProblems.map((p) => (
            <Text
              key={p.id}
              color={p.state === "failed" ? "danger.fg" : "warning.fg"}
            >{`${p.state === "failed" ? "Refused" : "Not known"}: ${p.email}, "${p.messageTitle}" (${p.chapterTitle})${p.state === "failed" && p.error ? `: ${p.error}` : ""}`}</Text>
          ))}
          {info.serviceName === "sendInBlue" && (
            <Text>
              Brevo webhook (bounces, unsubscribes, opens, clicks): <Code wordBreak="break-all">{info.webhookUrls.brevo}</Code>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Email Administration (spec 001 section 2): list delivery, deliverability (the From domain's records and what the
 * configuration lacks), and email aliases kept here and forwarded by Mailgun.
 */
export function EmailAdmin() {
  const [search, setSearch] = useState("");
  // The search shown ("" for every alias), or a term too short to ask the server about.
  const [searched, setSearched] = useState<{ term: string; tooShort: boolean }>({ term: "", tooShort: false });
  const list = useQuery({ ...emailAliasQueries.list(searched.term), enabled: !searched.tooShort });
  // The modal's domains: without them (logged) the admin can still type an alias without a chapter.
  const domains = useQuery(emailAliasQueries.domains()).data?.domains ?? [];
  const testService = useTestAliasService();
  // Shared with the delivery card (one request); without it (logged) neither card is shown.
  const settings = useQuery(settingsQueries.email()).data;
  const [editing, setEditing] = useState<EmailAliasInfo | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<EmailAliasInfo | null>(null);
  const [testResult, setTestResult] = useState<{ status: "success" | "warning" | "error"; text: string; local: boolean } | null>(null);

  const loading = !searched.tooShort && list.isPending;
  const aliases = searched.tooShort || list.error ? [] : (list.data ?? null);
  const error = searched.tooShort
    ? ALIAS_SEARCH_TOO_SHORT
    : list.error
      ? aliasErrorMessage(list.error) || (searched.term ? "Search failed" : "Failed to load aliases")
      : null;

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    const term = search.trim();
    setSearched({ term: term.length >= ALIAS_SEARCH_MIN ? term : "", tooShort: term.length > 0 && term.length < ALIAS_SEARCH_MIN });
  };

  const handleSaved = () => setModalOpen(false);

  const handleTest = async () => {
    try {
      const res = await testService.mutateAsync();
      // Without a Mailgun key nothing reaches Mailgun: that is a warning, not a success.
      const local = res.mode === "local";
      setTestResult({ status: local ? "warning" : res.ok ? "success" : "error", text: res.message, local });
    } catch (err) {
      setTestResult({ status: "error", text: aliasErrorMessage(err), local: false });
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        Email Administration
      </Heading>
      <DeliveryCard />
      {settings && <DeliverabilityCard info={settings.deliverability} />}
      <MemberExportCard />
      <Stack gap="4" as="section" aria-label="Email Aliases">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h3" size="md">
            Email Aliases
          </Heading>
          <HStack>
            <Button size="sm" variant="outline" onClick={handleTest}>
              Test Mailgun Connection
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => {
                setEditing(null);
                setModalOpen(true);
              }}
            >
              Add Alias
            </Button>
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="alias-delivery-note">
          {testResult?.local
            ? "No Mailgun key is set: aliases are kept here only and nothing is forwarded until MAILGUN_API_KEY is set."
            : "When MAILGUN_API_KEY is set, changes are sent to Mailgun at once (Test Mailgun Connection tells whether it is). Mailgun may answer with a rate-limit error when many changes are made quickly; if that happens, wait a minute and try again."}
        </Text>
        {testResult && (
          <Alert.Root status={testResult.status} data-status={testResult.status} data-testid="alias-test-result">
            <Alert.Indicator />
            <Alert.Title>{testResult.text}</Alert.Title>
          </Alert.Root>
        )}
        <HStack as="form" onSubmit={handleSearch} role="search">
          <Input
            placeholder="Search for Email Aliases"
            aria-label="Search for Email Aliases"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxW="md"
          />
          <Button type="submit" size="sm">
            Search
          </Button>
        </HStack>
        {error && (
          <Alert.Root status="error" data-testid="alias-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {!loading && aliases && aliases.length === 0 && !error && <Text>No aliases found</Text>}
        {aliases && aliases.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="Email aliases">
              <TableHead columns={["Alias", "Recipients", "Chapter", ""]} />
              <Table.Body>
                {aliases.map((a) => (
                  <Table.Row key={a.id} data-testid="alias-row">
                    <Table.Cell fontWeight="medium">{a.address}</Table.Cell>
                    <Table.Cell>{a.recipients.join(", ")}</Table.Cell>
                    <Table.Cell>{a.chapterName ?? ""}</Table.Cell>
                    <Table.Cell>
                      <HStack justify="flex-end">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`Edit ${a.address}`}
                          onClick={() => {
                            setEditing(a);
                            setModalOpen(true);
                          }}
                        >
                          Edit
                        </Button>
                        <Button size="xs" variant="outline" colorPalette="danger" aria-label={`Delete ${a.address}`} onClick={() => setDeleting(a)}>
                          Delete
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <AliasModal open={modalOpen} alias={editing} domains={domains} onClose={() => setModalOpen(false)} onSaved={handleSaved} />
      <DeleteAliasModal alias={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </Stack>
  );
}
