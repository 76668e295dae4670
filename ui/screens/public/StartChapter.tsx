import { Alert, Box, Button, Field, Heading, HStack, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { HOST_APPLICATION_TYPES, START_CHAPTER_PATH, type HostApplicationType } from "../../../server/contracts/hostApplication";
import { useApplyToHost } from "../../api/hostApplications";
import { useCurrentUser } from "../../auth/CurrentUser";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { StateSelect } from "../../components/StateSelect";
import { useSubmitForm } from "../../lib/forms";
import { useScriptsRun } from "../../lib/hydration";
import { postedRefusal, usePostedForm } from "../../lib/postedForm";
import { AccountFields, accountValid, useSignupForm } from "../account/AccountFields";

export const APPLY_TITLE = "Apply to Host a New Chapter";

function WarningBox({ text }: { text: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Signed-out visitors create their account first, right here. Without JavaScript the form posts to the server
 * (`step=account`, server/web/startChapterForm.ts), which comes back here signed in, or with the refusal above the
 * form and the name and email filled in.
 */
function AccountStep() {
  const posted = usePostedForm("hostAccount");
  // An application posted once the session had ended comes back here, saying so.
  const application = usePostedForm("hostApplication");
  const scriptsRun = useScriptsRun();
  const { values, set, submit, busy, error } = useSignupForm(undefined, posted?.values);
  const message = error?.message ?? postedRefusal(posted) ?? postedRefusal(application);
  return (
    <form method="post" action={START_CHAPTER_PATH} onSubmit={submit} noValidate aria-labelledby="account-heading">
      <input type="hidden" name="step" value="account" />
      <Stack gap="4">
        <Heading as="h2" size="lg" id="account-heading">
          First, create your account
        </Heading>
        <Text>
          Already have an account?{" "}
          <Link asChild color="link" textDecoration="underline">
            <RouterLink to={`/signin?returnUrl=${encodeURIComponent("/start_chapter")}`}>Sign In</RouterLink>
          </Link>
        </Text>
        {message && <WarningBox text={message} />}
        <AccountFields values={values} set={set} />
        {/* Without JavaScript the button always sends the form: the server says what is missing. */}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={scriptsRun && (busy || !accountValid(values))}>
          {busy ? <Spinner size="sm" aria-label="Creating your account" /> : "Create Account"}
        </Button>
      </Stack>
    </form>
  );
}

interface ChapterInfo {
  city: string;
  state: string;
  type: HostApplicationType;
  reason: string;
}

const infoValid = (v: ChapterInfo) => Boolean(v.city.trim() && v.state && v.type && v.reason.trim());

/**
 * The application. Without JavaScript the form posts to the server (`step=application`,
 * server/web/startChapterForm.ts), which comes back here with "Great!", or with the refusal above the form and
 * everything typed filled in.
 */
function ChapterInfoStep({ onDone, typed, refusal }: { onDone: () => void; typed: Record<string, string> | null; refusal: string | null }) {
  const apply = useApplyToHost();
  const scriptsRun = useScriptsRun();
  // A search that found no chapter nearby links here with its city and state filled in.
  const [params] = useSearchParams();
  const { values, set, submit, busy, error } = useSubmitForm<ChapterInfo>({
    defaultValues: {
      city: (typed?.city ?? params.get("city") ?? "").slice(0, 100),
      state: typed?.state?.slice(0, 3) ?? (params.get("state") ?? "").toUpperCase().slice(0, 2),
      type: HOST_APPLICATION_TYPES.find((t) => t === typed?.type) ?? "drinking",
      reason: typed?.reason ?? "",
    },
    serverErrorsAbove: true,
    onSubmit: async (v) => {
      if (!infoValid(v)) return;
      await apply.mutateAsync({ ...v, city: v.city.trim(), reason: v.reason.trim() });
      onDone();
    },
  });
  const message = error?.message ?? refusal;

  return (
    <form method="post" action={START_CHAPTER_PATH} onSubmit={submit} noValidate aria-labelledby="chapter-info-heading">
      <input type="hidden" name="step" value="application" />
      <Stack gap="4">
        <Heading as="h2" size="lg" id="chapter-info-heading">
          About your chapter
        </Heading>
        {message && <WarningBox text={message} />}
        <FormField label="City" name="city" value={values.city} onChange={set("city")} required autoComplete="address-level2" />
        <Field.Root required>
          <Field.Label htmlFor="apply-state">
            State
            <Field.RequiredIndicator />
          </Field.Label>
          <StateSelect id="apply-state" value={values.state} onChange={set("state")} placeholder="Choose a state" />
        </Field.Root>
        <Box as="fieldset">
          <Text as="legend" fontWeight="medium" mb="2">
            Type
          </Text>
          <HStack gap="5" wrap="wrap">
            {HOST_APPLICATION_TYPES.map((t) => (
              <label key={t} style={{ display: "inline-flex", alignItems: "center", gap: 6, textTransform: "capitalize", cursor: "pointer" }}>
                <input type="radio" name="type" value={t} checked={values.type === t} onChange={() => set("type")(t)} />
                {t}
              </label>
            ))}
          </HStack>
        </Box>
        <FormField label="Why do you want to start a chapter?" name="reason" value={values.reason} onChange={set("reason")} required multiline rows={5} />
        {/* Without JavaScript the button always sends the form: the server says what is missing. */}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={scriptsRun && (busy || !infoValid(values))}>
          {busy ? <Spinner size="sm" aria-label="Sending" /> : "Apply"}
        </Button>
      </Stack>
    </form>
  );
}

/** /start_chapter (spec 000 sections 2 and 5). */
export function StartChapter() {
  const { user } = useCurrentUser();
  const posted = usePostedForm("hostApplication");
  const [done, setDone] = useState(posted?.done ?? false);
  const handleDone = () => setDone(true);
  return (
    <Page title={APPLY_TITLE}>
      {done ? (
        <Stack gap="3" role="status">
          <Heading as="h2" size="xl">
            Great!
          </Heading>
          <Text fontSize="lg">We'll be in touch soon!</Text>
          <Link asChild color="link">
            <RouterLink to="/my_chapter_host_applications">See your applications</RouterLink>
          </Link>
        </Stack>
      ) : user ? (
        <ChapterInfoStep onDone={handleDone} typed={posted?.values ?? null} refusal={postedRefusal(posted)} />
      ) : (
        <AccountStep />
      )}
    </Page>
  );
}
