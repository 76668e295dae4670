import { Alert, Box, Button, Field, Heading, HStack, Image, Input, Stack, Switch, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import type { ChapterHealthSettings } from "../../../server/contracts/chapterHealth";
import { frontPageBodySchema } from "../../../server/contracts/adminRequests";
import { EMAIL_SERVICE_CONFIRMATION, type EmailServiceName } from "../../../server/contracts/mailingList";
import { ApiRequestError } from "../../api/client";
import { useFreshQuery } from "../../api/queryClient";
import { settingsQueries, useSaveEmailSettings, useSaveFrontPage, useSaveMeetupConfirmSettings, useUploadFrontPageImage } from "../../api/settings";
import { SaveRow, SavedIndicator, useSaveState } from "../../components/SavedIndicator";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/ErrorAlert";
import { SectionCard } from "../../components/SectionCard";
import { FormField } from "../../components/FormField";
import { SelectField, type Choice } from "../../components/SelectField";
import { notify } from "../../components/Toaster";
import { useSubmitForm } from "../../lib/forms";
import { healthQueries, useSaveHealthSettings } from "../../api/chapterHealth";
import { PostalAddressForm } from "./PostalAddressForm";
import { NetworkContactForm } from "./NetworkContactForm";

const EMAIL_SERVICES: Choice<EmailServiceName>[] = [
  { value: "bronto", label: "Bronto" },
  { value: "sendInBlue", label: "Send In Blue" },
];

const message = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Please try again.");

function FrontPageLinkForm({ initial }: { initial: string }) {
  const save = useSaveFrontPage();
  const { form, values, field, submit, saveState } = useSubmitForm({
    defaultValues: { imageLinkURL: initial },
    schema: frontPageBodySchema,
    onSubmit: (v) => save.mutateAsync({ imageLinkURL: v.imageLinkURL.trim() }),
  });
  const { reset } = form;
  useEffect(() => reset({ imageLinkURL: initial }), [initial, reset]);

  return (
    <form onSubmit={submit} noValidate aria-label="Front page image link">
      <Stack gap="3">
        <FormField
          label="Front Page Image Link URL"
          type="url"
          required
          placeholder="https://"
          helper="Where the front page call-out image links to."
          {...field("imageLinkURL")}
        />
        <SaveRow state={saveState} disabled={values.imageLinkURL.trim() === ""} />
      </Stack>
    </form>
  );
}

function FrontPageImageForm({ imageUrl }: { imageUrl: string | null }) {
  // Changes after each upload so the browser shows the new image, not its cached copy.
  const [version, setVersion] = useState(0);
  const [broken, setBroken] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadFrontPageImage();
  const { values, set, submit, saveState } = useSubmitForm<{ file: File | null }>({
    defaultValues: { file: null },
    onSubmit: async ({ file }, { reset }) => {
      if (!file) return;
      await upload.mutateAsync(file);
      reset({ file: null });
      setInputKey((k) => k + 1);
      setBroken(false);
      setVersion(Date.now());
    },
    onError: (err) => notify("error", "The image was not uploaded", message(err)),
  });

  return (
    <form onSubmit={submit} aria-label="Front page image">
      <Stack gap="3">
        {imageUrl && !broken && (
          <Image
            src={version ? `${imageUrl}${imageUrl.includes("?") ? "&" : "?"}u=${version}` : imageUrl}
            alt="Current front page image"
            maxH="48"
            objectFit="contain"
            alignSelf="flex-start"
            onError={() => setBroken(true)}
          />
        )}
        <Field.Root>
          <Field.Label>Front Page Image</Field.Label>
          <Input key={inputKey} name="image" type="file" accept="image/*" p="1" onChange={(e) => set("file")(e.target.files?.[0] ?? null)} />
        </Field.Root>
        <SaveRow state={saveState} disabled={!values.file} label="Upload" />
      </Stack>
    </form>
  );
}

function EmailServiceForm() {
  const settings = useFreshQuery(settingsQueries.email());
  const current = settings.data?.serviceName ?? null;
  const save = useSaveEmailSettings();
  const [confirming, setConfirming] = useState(false);
  // Saves once the dialog is confirmed; a failure is a toast.
  const { form, values, field, submit, saveState } = useSubmitForm<{ serviceName: EmailServiceName }>({
    defaultValues: { serviceName: "sendInBlue" },
    onSubmit: (v) => save.mutateAsync(v),
    onError: (err) => notify("error", "The email service was not changed", message(err)),
  });
  const { reset } = form;
  useEffect(() => {
    if (current) reset({ serviceName: current });
  }, [current, reset]);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setConfirming(true);
      }}
      aria-label="Email service"
    >
      <Stack gap="3">
        {settings.isError && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>The current email service could not be loaded.</Alert.Title>
          </Alert.Root>
        )}
        <SelectField
          label="Email Service"
          {...field("serviceName")}
          options={EMAIL_SERVICES}
          helper="Mailing lists and chapter emails go through this provider."
        />
        <HStack>
          <Button type="submit" colorPalette="danger" variant="outline" disabled={saveState === "saving" || values.serviceName === current}>
            Save
          </Button>
          <SavedIndicator state={saveState} />
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Change Email Service"
        message={EMAIL_SERVICE_CONFIRMATION}
        confirmLabel="Change"
        onConfirm={() => submit()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/** Double opt-in for public list signups: saved as soon as it is switched. */
function ListSignupForm() {
  const settings = useFreshQuery(settingsQueries.email());
  const save = useSaveEmailSettings();
  const [pending, setPending] = useState<boolean | null>(null);
  const [state, setState] = useSaveState();
  const on = pending ?? settings.data?.doubleOptIn ?? null;

  const handleChange = async (checked: boolean) => {
    setPending(checked);
    setState("saving");
    try {
      await save.mutateAsync({ doubleOptIn: checked });
      setState("saved");
    } catch (err) {
      setState("idle");
      notify("error", "The setting was not changed", message(err));
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="3">
      <HStack gap="4">
        <Switch.Root checked={on ?? false} disabled={on === null || state === "saving"} onCheckedChange={(e) => void handleChange(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Confirm new list members by email (double opt-in)</Switch.Label>
        </Switch.Root>
        <SavedIndicator state={state} />
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        When on, someone who signs up with a chapter's mailing-list form is mailed a link and joins the list only once they follow it. Members added by hosts
        are not affected.
      </Text>
    </Stack>
  );
}

/** The chapter health rule's thresholds (issue 16): days without a list email before at risk and dormant. */
function ChapterHealthForm() {
  const query = useFreshQuery(healthQueries.settings());
  if (query.isError) return <Text color="danger.fg">The chapter health settings could not be loaded. Please try again.</Text>;
  if (!query.data) return <Text color="fg.muted">Loading...</Text>;
  return <ChapterHealthFields settings={query.data} />;
}

function ChapterHealthFields({ settings }: { settings: ChapterHealthSettings }) {
  const save = useSaveHealthSettings();
  // The server's message (one rule ties both numbers) shows below both fields.
  const { form, values, set, submit, error, saveState } = useSubmitForm({
    defaultValues: { atRiskAfterDays: String(settings.atRiskAfterDays), dormantAfterDays: String(settings.dormantAfterDays) },
    serverErrorsAbove: true,
    onSubmit: (v) => save.mutateAsync({ atRiskAfterDays: Number(v.atRiskAfterDays), dormantAfterDays: Number(v.dormantAfterDays) }),
  });
  const { reset } = form;
  useEffect(() => reset({ atRiskAfterDays: String(settings.atRiskAfterDays), dormantAfterDays: String(settings.dormantAfterDays) }), [settings, reset]);
  const days = (name: keyof typeof values, label: string) => (
    <Field.Root required invalid={Boolean(error)} maxW="52">
      <Field.Label>{label}</Field.Label>
      <Input name={name} type="number" min={1} step={1} value={values[name]} onChange={(e) => set(name)(e.target.value)} />
    </Field.Root>
  );

  return (
    <form onSubmit={submit} aria-label="Chapter health">
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          A chapter that has not emailed its list for this many days is at risk (its hosts get a reminder), then dormant (taken off the map until a host emails
          the list or an admin re-enables it).
        </Text>
        <HStack gap="4" align="flex-start" wrap="wrap">
          {days("atRiskAfterDays", "At risk after (days)")}
          {days("dormantAfterDays", "Dormant after (days)")}
        </HStack>
        {error && (
          <Text color="danger.fg" role="alert">
            {error.message}
          </Text>
        )}
        <SaveRow state={saveState} />
      </Stack>
    </form>
  );
}

/** How long before each meetup its hosts are emailed "Is it on?" (0 turns the emails off). */
function MeetupConfirmForm() {
  const query = useFreshQuery(settingsQueries.meetupConfirm());
  if (query.isError) return <Text color="danger.fg">The meetup confirmation setting could not be loaded. Please try again.</Text>;
  if (!query.data) return <Text color="fg.muted">Loading...</Text>;
  return <MeetupConfirmFields hours={query.data.hours} reminderHours={query.data.reminderHours} />;
}

function MeetupConfirmFields({ hours, reminderHours }: { hours: number; reminderHours: number }) {
  const save = useSaveMeetupConfirmSettings();
  const { form, values, set, submit, error, saveState } = useSubmitForm({
    defaultValues: { hours: String(hours), reminderHours: String(reminderHours) },
    serverErrorsAbove: true,
    onSubmit: (v) => save.mutateAsync({ hours: Number(v.hours), reminderHours: Number(v.reminderHours) }),
  });
  const { reset } = form;
  useEffect(() => reset({ hours: String(hours), reminderHours: String(reminderHours) }), [hours, reminderHours, reset]);
  return (
    <form onSubmit={submit} aria-label="Meetup confirmations">
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          This long before each meetup, every host of its chapter is emailed "Is it on?" with a link to confirm it (the chapter page then says "Confirmed by the
          host") or cancel it. 0 turns the emails off.
        </Text>
        <Field.Root required invalid={Boolean(error)} maxW="52">
          <Field.Label>Ask hosts (hours before)</Field.Label>
          <Input name="hours" type="number" min={0} step={1} value={values.hours} onChange={(e) => set("hours")(e.target.value)} />
        </Field.Root>
        <Text color="fg.muted" fontSize="sm">
          This long before each meetup, everyone going to it is emailed a reminder with a "Can't make it" link. 0 turns the reminders off.
        </Text>
        <Field.Root required invalid={Boolean(error)} maxW="52">
          <Field.Label>Remind people going (hours before)</Field.Label>
          <Input name="reminderHours" type="number" min={0} step={1} value={values.reminderHours} onChange={(e) => set("reminderHours")(e.target.value)} />
        </Field.Root>
        {error && (
          <Text color="danger.fg" role="alert">
            {error.message}
          </Text>
        )}
        <SaveRow state={saveState} />
      </Stack>
    </form>
  );
}

/**
 * /admin/settings: front page image link and image, the email service (spec 001 section 2), list signups, the
 * postal address of list emails, the network contact and the chapter health thresholds.
 */
export function GeneralSettings() {
  const query = useFreshQuery(settingsQueries.frontPage());
  const frontPage = query.data;
  const error = query.isError ? "The front page settings could not be loaded. Please try again." : null;

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        General Settings
      </Heading>
      <ErrorAlert message={error} />
      <SectionCard title="Front Page">
        <Stack gap="8">
          {frontPage ? <FrontPageLinkForm initial={frontPage.imageLinkURL} /> : <Text color="fg.muted">Loading...</Text>}
          <FrontPageImageForm imageUrl={frontPage?.hasImage ? frontPage.imageUrl : null} />
        </Stack>
      </SectionCard>
      <SectionCard title="Email Service">
        <Box>
          <EmailServiceForm />
        </Box>
      </SectionCard>
      <SectionCard title="Mailing List Signups">
        <ListSignupForm />
      </SectionCard>
      <SectionCard title="List Emails">
        <PostalAddressForm />
      </SectionCard>
      <SectionCard title="Network Contact">
        <NetworkContactForm />
      </SectionCard>
      <SectionCard title="Chapter Health">
        <ChapterHealthForm />
      </SectionCard>
      <SectionCard title="Meetup Confirmations">
        <MeetupConfirmForm />
      </SectionCard>
    </Stack>
  );
}
