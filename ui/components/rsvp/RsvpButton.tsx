import { Alert, Box, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { ApiRequestError } from "../../api/client";
import { rsvpKeys, useAnswerRsvp } from "../../api/rsvps";
import { useCurrentUser } from "../../auth/CurrentUser";
import { RSVP_FORM_PATH, type RsvpFormResult, type RsvpStatus } from "../../../server/contracts/rsvp";

const STATUS_TEXT: Record<RsvpStatus | "pending", string> = {
  going: "You're going. See you there!",
  waitlisted: "It's full: you're on the waitlist, and we'll email you if a place opens.",
  not_going: "Thanks for letting the hosts know.",
  pending: "Check your email: we sent you a link to confirm.",
};

type Phase = { kind: "form" } | { kind: "busy" } | { kind: "done"; status: RsvpStatus | "pending" } | { kind: "error"; message: string };

const phaseOf = (posted: RsvpFormResult | undefined): Phase =>
  !posted
    ? { kind: "form" }
    : posted.ok
      ? { kind: "done", status: posted.status ?? "pending" }
      : { kind: "error", message: posted.message || "Something went wrong." };

/**
 * "I'm coming" for one meetup. Signed in, one click answers for the account. A visitor opens a small form for their
 * email (a `<details>`, so it opens without JavaScript) whose post the server takes too (RSVP_FORM_PATH); a link to
 * confirm goes to that address.
 */
export function RsvpButton({ eventSlug, date, label }: { eventSlug: string; date: string; label: string }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>(() => phaseOf(queryClient.getQueryData<RsvpFormResult>(rsvpKeys.formResult(eventSlug, date))));
  useEffect(() => queryClient.removeQueries({ queryKey: rsvpKeys.formResult(eventSlug, date) }), [queryClient, eventSlug, date]);
  const { user } = useCurrentUser();
  const answer = useAnswerRsvp();
  const { pathname, search } = useLocation();
  const emailId = useId();
  const nameId = useId();

  const send = async (body: { answer: "yes" | "no"; email?: string; name?: string }) => {
    setPhase({ kind: "busy" });
    try {
      const res = await answer.mutateAsync({ slug: eventSlug, date, ...body });
      setPhase({ kind: "done", status: res.status });
    } catch (err) {
      setPhase({ kind: "error", message: err instanceof ApiRequestError ? err.message : "Something went wrong." });
    }
  };
  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void send({ answer: "yes", email: String(form.get("email") ?? "").trim(), name: String(form.get("name") ?? "").trim() });
  };

  if (phase.kind === "done") {
    return (
      <Stack gap="1" data-testid="rsvp-result">
        <Text role="status">{STATUS_TEXT[phase.status]}</Text>
        {user && (phase.status === "going" || phase.status === "waitlisted") && (
          <Box>
            <Button size="xs" variant="outline" onClick={() => void send({ answer: "no" })}>
              Can't make it
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  if (phase.kind === "error") {
    return (
      <Alert.Root status="error" data-testid="rsvp-result">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`Oops. ${phase.message}`}</Alert.Title>
          <Alert.Description>
            <Button size="xs" variant="plain" textDecoration="underline" onClick={() => setPhase({ kind: "form" })}>
              Try again
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const hidden = (
    <>
      <input type="hidden" name="slug" value={eventSlug} />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="answer" value="yes" />
      <input type="hidden" name="back" value={pathname + search} />
    </>
  );
  if (user) {
    return (
      <form method="post" action={RSVP_FORM_PATH} onSubmit={(e) => (e.preventDefault(), void send({ answer: "yes" }))} aria-label={`Answer for ${label}`}>
        {hidden}
        <input type="hidden" name="email" value={user.email} />
        <Button type="submit" size="xs" colorPalette="brand" loading={phase.kind === "busy"} data-testid="rsvp-button">
          I'm coming
        </Button>
      </form>
    );
  }
  return (
    <Box as="details" data-testid="rsvp-details">
      <Box as="summary" cursor="pointer" color="link" width="fit-content" data-testid="rsvp-button">
        I'm coming
      </Box>
      <form method="post" action={RSVP_FORM_PATH} onSubmit={handleSubmit} aria-label={`Answer for ${label}`}>
        {hidden}
        <Stack gap="2" mt="2" maxW="sm">
          <Field.Root required>
            <Field.Label htmlFor={emailId}>Your email</Field.Label>
            <Input id={emailId} type="email" name="email" autoComplete="email" placeholder="you@example.org" size="sm" required />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor={nameId}>Your name (for the hosts)</Field.Label>
            <Input id={nameId} name="name" autoComplete="name" size="sm" />
          </Field.Root>
          <HStack>
            <Button type="submit" size="sm" colorPalette="brand" loading={phase.kind === "busy"}>
              Send me the link
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
