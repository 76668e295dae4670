import { Alert, Box, Button, Card, Field, Heading, HStack, Image, Input, NativeSelect, Stack, Switch, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import type { EmailServiceName } from "../../../server/contracts/mailingList";
import { ApiRequestError } from "../../api/client";
import { useFreshQuery } from "../../api/queryClient";
import { settingsQueries, useSaveEmailSettings, useSaveFrontPage, useUploadFrontPageImage } from "../../api/settings";
import { SavedIndicator, useSaveState } from "../../components/SavedIndicator";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../components/Toaster";
import { healthQueries, useSaveHealthSettings } from "../../api/chapterHealth";

export const EMAIL_SERVICE_CONFIRM = "This can break things badly.  Are you sure?";

const EMAIL_SERVICES: Array<{ value: EmailServiceName; label: string }> = [
  { value: "bronto", label: "Bronto" },
  { value: "sendInBlue", label: "Send In Blue" },
];

const message = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Please try again.");

function FrontPageLinkForm({ initial }: { initial: string }) {
  const [url, setUrl] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [state, setState] = useSaveState();
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFrontPage();
  useEffect(() => setUrl(initial), [initial]);
  const missing = url.trim() === "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    setState("saving");
    setError(null);
    try {
      await save.mutateAsync({ imageLinkURL: url.trim() });
      setState("saved");
    } catch (err) {
      setState("idle");
      setError(message(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Front page image link">
      <Stack gap="3">
        <Field.Root required invalid={(touched && missing) || Boolean(error)}>
          <Field.Label>
            Front Page Image Link URL
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="imageLinkURL"
            type="url"
            value={url}
            placeholder="https://"
            onChange={(e) => {
              setUrl(e.target.value);
              setTouched(true);
            }}
          />
          <Field.HelperText>Where the front page call-out image links to.</Field.HelperText>
          {touched && missing && <Field.ErrorText>Image Link URL is Required</Field.ErrorText>}
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={missing || state === "saving"}>
            Save
          </Button>
          <SavedIndicator state={state} />
        </HStack>
      </Stack>
    </form>
  );
}

function FrontPageImageForm({ imageUrl }: { imageUrl: string | null }) {
  // Changes after each upload so the browser shows the new image, not its cached copy.
  const [version, setVersion] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useSaveState();
  const [broken, setBroken] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadFrontPageImage();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setState("saving");
    try {
      await upload.mutateAsync(file);
      setState("saved");
      setFile(null);
      setInputKey((k) => k + 1);
      setBroken(false);
      setVersion(Date.now());
    } catch (err) {
      setState("idle");
      notify("error", "The image was not uploaded", message(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Front page image">
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
          <Input key={inputKey} name="image" type="file" accept="image/*" p="1" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={!file || state === "saving"}>
            Upload
          </Button>
          <SavedIndicator state={state} />
        </HStack>
      </Stack>
    </form>
  );
}

function EmailServiceForm() {
  const settings = useFreshQuery(settingsQueries.email());
  const current = settings.data?.serviceName ?? null;
  const [choice, setChoice] = useState<EmailServiceName>("sendInBlue");
  const loadFailed = settings.isError;
  const [state, setState] = useSaveState();
  const save = useSaveEmailSettings();

  useEffect(() => {
    if (current) setChoice(current);
  }, [current]);

  const [confirming, setConfirming] = useState(false);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setConfirming(true);
  };

  /** Saves once the dialog is confirmed; a failure is a toast. */
  const handleSave = async () => {
    setState("saving");
    try {
      await save.mutateAsync({ serviceName: choice });
      setState("saved");
    } catch (err) {
      setState("idle");
      notify("error", "The email service was not changed", message(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Email service">
      <Stack gap="3">
        {loadFailed && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>The current email service could not be loaded.</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root>
          <Field.Label>Email Service</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="serviceName" value={choice} onChange={(e) => setChoice(e.target.value as EmailServiceName)}>
              {EMAIL_SERVICES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Mailing lists and chapter emails go through this provider.</Field.HelperText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="danger" variant="outline" disabled={state === "saving" || choice === current}>
            Save
          </Button>
          <SavedIndicator state={state} />
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Change Email Service"
        message={EMAIL_SERVICE_CONFIRM}
        confirmLabel="Change"
        onConfirm={handleSave}
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
  const save = useSaveHealthSettings();
  const [atRisk, setAtRisk] = useState("");
  const [dormant, setDormant] = useState("");
  const [state, setState] = useSaveState();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    setAtRisk(String(query.data.atRiskAfterDays));
    setDormant(String(query.data.dormantAfterDays));
  }, [query.data]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setState("saving");
    setError(null);
    try {
      await save.mutateAsync({ atRiskAfterDays: Number(atRisk), dormantAfterDays: Number(dormant) });
      setState("saved");
    } catch (err) {
      setState("idle");
      setError(message(err));
    }
  };

  if (query.isError) return <Text color="danger.fg">The chapter health settings could not be loaded. Please try again.</Text>;
  if (!query.data) return <Text color="fg.muted">Loading...</Text>;
  return (
    <form onSubmit={handleSubmit} aria-label="Chapter health">
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          A chapter that has not emailed its list for this many days is at risk (its hosts get a reminder), then dormant (taken off the map until a host emails
          the list or an admin re-enables it).
        </Text>
        <HStack gap="4" align="flex-start" wrap="wrap">
          <Field.Root required invalid={Boolean(error)} maxW="52">
            <Field.Label>At risk after (days)</Field.Label>
            <Input name="atRiskAfterDays" type="number" min={1} step={1} value={atRisk} onChange={(e) => setAtRisk(e.target.value)} />
          </Field.Root>
          <Field.Root required invalid={Boolean(error)} maxW="52">
            <Field.Label>Dormant after (days)</Field.Label>
            <Input name="dormantAfterDays" type="number" min={1} step={1} value={dormant} onChange={(e) => setDormant(e.target.value)} />
          </Field.Root>
        </HStack>
        {error && (
          <Text color="danger.fg" role="alert">
            {error}
          </Text>
        )}
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={state === "saving"}>
            Save
          </Button>
          <SavedIndicator state={state} />
        </HStack>
      </Stack>
    </form>
  );
}

/** /admin/settings: front page image link and image, the email service (spec 001 section 2), list signups and the chapter health thresholds. */
export function GeneralSettings() {
  const query = useFreshQuery(settingsQueries.frontPage());
  const frontPage = query.data;
  const error = query.isError ? "The front page settings could not be loaded. Please try again." : null;

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        General Settings
      </Heading>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            Front Page
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="8">
            {frontPage ? <FrontPageLinkForm initial={frontPage.imageLinkURL} /> : <Text color="fg.muted">Loading...</Text>}
            <FrontPageImageForm imageUrl={frontPage?.hasImage ? frontPage.imageUrl : null} />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            Email Service
          </Heading>
        </Card.Header>
        <Card.Body>
          <Box>
            <EmailServiceForm />
          </Box>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            Mailing List Signups
          </Heading>
        </Card.Header>
        <Card.Body>
          <ListSignupForm />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            Chapter Health
          </Heading>
        </Card.Header>
        <Card.Body>
          <ChapterHealthForm />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
