import { Alert, Box, Button, Field, Heading, HStack, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { HOST_APPLICATION_TYPES, type HostApplicationInfo, type HostApplicationType } from "../../../server/contracts/hostApplication";
import { useApplyToHost } from "../../api/hostApplications";
import { useCurrentUser } from "../../auth/CurrentUser";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { StateSelect } from "../../components/StateSelect";
import { useSubmitForm } from "../../lib/forms";
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

/** Signed-out visitors create their account first, right here. */
function AccountStep() {
  const { values, set, submit, busy, error } = useSignupForm();
  return (
    <form onSubmit={submit} noValidate aria-labelledby="account-heading">
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
        {error && <WarningBox text={error.message} />}
        <AccountFields values={values} set={set} />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={busy || !accountValid(values)}>
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

function ChapterInfoStep({ onDone }: { onDone: (a: HostApplicationInfo) => void }) {
  const apply = useApplyToHost();
  // A search that found no chapter nearby links here with its city and state filled in.
  const [params] = useSearchParams();
  const { values, set, submit, busy, error } = useSubmitForm<ChapterInfo>({
    defaultValues: {
      city: params.get("city")?.slice(0, 100) ?? "",
      state: (params.get("state") ?? "").toUpperCase().slice(0, 2),
      type: "drinking",
      reason: "",
    },
    serverErrorsAbove: true,
    onSubmit: async (v) => {
      if (infoValid(v)) onDone(await apply.mutateAsync({ ...v, city: v.city.trim(), reason: v.reason.trim() }));
    },
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="chapter-info-heading">
      <Stack gap="4">
        <Heading as="h2" size="lg" id="chapter-info-heading">
          About your chapter
        </Heading>
        {error && <WarningBox text={error.message} />}
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
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={busy || !infoValid(values)}>
          {busy ? <Spinner size="sm" aria-label="Sending" /> : "Apply"}
        </Button>
      </Stack>
    </form>
  );
}

/** /start_chapter (spec 000 sections 2 and 5). */
export function StartChapter() {
  const { user } = useCurrentUser();
  const [done, setDone] = useState<HostApplicationInfo | null>(null);
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
        <ChapterInfoStep onDone={setDone} />
      ) : (
        <AccountStep />
      )}
    </Page>
  );
}
