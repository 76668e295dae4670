import { Alert, Card, DataList, Heading, HStack, Link, Stack, Switch, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { HostApplicationUpdate } from "../../../../server/contracts/siteAdmin";
import { STATES } from "../../../../server/contracts/chapter";
import { hostApplicationQueries, useUpdateApplication } from "../../../api/hostApplications";
import { usePagedList } from "../../../api/paging";
import { noteQueries, useAddApplicationNote } from "../../../api/notes";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { SectionCard } from "../../../components/SectionCard";
import { notify } from "../../../components/Toaster";
import { useSubmitForm } from "../../../lib/forms";
import { loadError } from "../shared/loadError";
import { NotesPanel } from "../shared/NotesPanel";
import { ArchivedBadge, StatusBadge } from "../shared/StatusBadge";
import { capitalize, chapterPath, formatDate } from "../format";
import { APPLICATION_BANNERS } from "./banners";
import { ApplicationActions } from "./ApplicationActions";

const FLAGS: Array<{ key: "didHavePhoneCall" | "didSignAgreement" | "didGiveAdditionalInfo"; label: string }> = [
  { key: "didHavePhoneCall", label: "Completed Call" },
  { key: "didSignAgreement", label: "Signed Agreement" },
  { key: "didGiveAdditionalInfo", label: "Gave Additional Info" },
];

/** /admin/chapter_host_applications/{slug}: the application, its flags, status actions (ApplicationActions) and notes. */
export function HostApplicationDetail() {
  const { slug = "" } = useParams();
  const query = useQuery(hostApplicationQueries.admin(slug));
  const notes = usePagedList(noteQueries.application(slug));
  const { mutateAsync: saveApplication } = useUpdateApplication(slug);
  const { mutateAsync: addNote } = useAddApplicationNote(slug);
  // Every change is saved at once (spec 001 section 4): the change (and what the toast says once it is saved)
  // becomes the form's value and is submitted; a failure is a toast.
  const { submitWith, busy } = useSubmitForm<{ update: HostApplicationUpdate; done: string }>({
    defaultValues: { update: {}, done: "" },
    onSubmit: async ({ update, done }) => {
      await saveApplication(update);
      if (done) notify("success", done);
    },
    onError: (err) => notify("error", "The application was not saved", err.message),
  });
  const save = (update: HostApplicationUpdate, done = "") => submitWith({ update, done });
  // The actions that ask first save from their dialog, which shows a refusal itself.
  const handleDecision = async (update: HostApplicationUpdate, done: string) => {
    await saveApplication(update);
    notify("success", done);
  };

  return (
    <AsyncState
      query={query}
      error={(err) => <LoadError error={err.status === 404 ? "This host application does not exist." : loadError("The host application")} />}
    >
      {(application) => (
        <Stack gap="6">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="lg">
              Chapter Host Application
            </Heading>
            <Link asChild>
              <RouterLink to="/admin/chapter_host_applications">All Applications</RouterLink>
            </Link>
          </HStack>
          {APPLICATION_BANNERS[application.status] && (
            <Alert.Root status={application.status === "denied" ? "warning" : "success"} data-testid="application-banner">
              <Alert.Indicator />
              <Alert.Title>{APPLICATION_BANNERS[application.status]}</Alert.Title>
            </Alert.Root>
          )}
          <Card.Root>
            <Card.Body>
              <DataList.Root orientation="horizontal" gap="3">
                <DataList.Item>
                  <DataList.ItemLabel>Applicant</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Stack gap="0">
                      <Link asChild fontWeight="medium">
                        <RouterLink to={`/admin/users/${application.user.id}`}>{application.user.name}</RouterLink>
                      </Link>
                      <Link href={`mailto:${application.user.email}`}>{application.user.email}</Link>
                    </Stack>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Status</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <HStack>
                      <StatusBadge status={application.status} />
                      {application.isArchived && <ArchivedBadge />}
                    </HStack>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Chapter Type</DataList.ItemLabel>
                  <DataList.ItemValue>{capitalize(application.type)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>City</DataList.ItemLabel>
                  <DataList.ItemValue>{application.city}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>State</DataList.ItemLabel>
                  <DataList.ItemValue>{STATES[application.state] ?? application.state.toUpperCase()}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Created</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDate(application.createdAt)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Reason</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Text whiteSpace="pre-wrap">{application.reason}</Text>
                  </DataList.ItemValue>
                </DataList.Item>
                {application.chapter && (
                  <DataList.Item>
                    <DataList.ItemLabel>Chapter</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <Link asChild>
                        <RouterLink to={chapterPath(application.chapter)}>{application.chapter.displayTitle}</RouterLink>
                      </Link>
                    </DataList.ItemValue>
                  </DataList.Item>
                )}
              </DataList.Root>
            </Card.Body>
          </Card.Root>

          <SectionCard title="Progress">
            <Stack gap="3">
              {FLAGS.map((flag) => (
                <Switch.Root key={flag.key} checked={application[flag.key]} disabled={busy} onCheckedChange={(e) => void save({ [flag.key]: e.checked })}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>
                    {flag.label}: {application[flag.key] ? "Yes" : "No"}
                  </Switch.Label>
                </Switch.Root>
              ))}
            </Stack>
          </SectionCard>

          <SectionCard title="Actions">
            <ApplicationActions application={application} busy={busy} onSave={handleDecision} />
          </SectionCard>

          <NotesPanel notes={notes} showRequired onSave={addNote} />
        </Stack>
      )}
    </AsyncState>
  );
}
