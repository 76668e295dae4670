import { Alert, Box, Button, Field, HStack, Input, Link, Spinner, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { ApiRequestError } from "../api/client";
import { mailingListKeys, useSignUpToList } from "../api/mailingLists";
import { JOIN_LIST_PATH, type JoinListResult } from "../../server/contracts/mailingList";
import { useCurrentUser } from "../auth/CurrentUser";
import { isEmail } from "../lib/validation";
import { useScriptsRun, useValueTypedEarly } from "../lib/hydration";

interface SignUpAnswer {
  return?: { results?: { isError?: boolean; errorString?: string; needsConfirmation?: boolean }[] };
}

type Phase = { kind: "form" } | { kind: "loading" } | { kind: "success"; needsConfirmation: boolean } | { kind: "error"; message: string };

const phaseOf = (posted: JoinListResult | undefined): Phase =>
  !posted
    ? { kind: "form" }
    : posted.ok
      ? { kind: "success", needsConfirmation: Boolean(posted.needsConfirmation) }
      : { kind: "error", message: posted.message || "Something went wrong." };

/**
 * Join a chapter's mailing list (spec 000 sections 4 and 7): form, loading, then 'Success!' or
 * 'Oops. ' with the server's error string and a Try again link back to the form.
 * `anchor` is the id of the box's section on its page: posted without JavaScript, the answer lands there, not at the
 * top of the page. `whatNext` is said under 'Success!' (the chapter's next meetup).
 */
export function MailingListSignup({ listId, chapterName, anchor, whatNext }: { listId: string; chapterName?: string; anchor?: string; whatNext?: ReactNode }) {
  // The form gives way to the answer: focus moves to the widget itself rather than falling to the page (so a
  // map info window holding it keeps the focus, and Escape still closes it).
  const rootRef = useRef<HTMLDivElement>(null);
  // Posted without JavaScript, the form came back here with its result in the cache the server rendered with.
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>(() => phaseOf(queryClient.getQueryData<JoinListResult>(mailingListKeys.joinResult(listId))));
  useEffect(() => queryClient.removeQueries({ queryKey: mailingListKeys.joinResult(listId) }), [queryClient, listId]);
  const focusedBefore = useRef(false);
  const handlePhase = (next: Phase) => {
    focusedBefore.current = Boolean(rootRef.current?.contains(document.activeElement));
    setPhase(next);
  };
  useEffect(() => {
    if (focusedBefore.current && !rootRef.current?.contains(document.activeElement)) rootRef.current?.focus({ preventScroll: true });
  }, [phase.kind]);
  return (
    <Box ref={rootRef} tabIndex={-1} outline="none">
      <SignupBody listId={listId} chapterName={chapterName} anchor={anchor} whatNext={whatNext} phase={phase} setPhase={handlePhase} />
    </Box>
  );
}

interface BodyProps {
  listId: string;
  chapterName?: string;
  anchor?: string;
  whatNext?: ReactNode;
  phase: Phase;
  setPhase: (p: Phase) => void;
}

function SignupBody({ listId, chapterName, anchor, whatNext, phase, setPhase }: BodyProps) {
  const { user } = useCurrentUser();
  const [email, setEmail] = useState(user?.email ?? "");
  const emailField = useRef<HTMLInputElement>(null);
  useValueTypedEarly(emailField, email, setEmail);
  const inputId = useId();
  const signUp = useSignUpToList();
  const { pathname, search } = useLocation();
  const scriptsRun = useScriptsRun();

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the box shows: a sign-up sent while the page was being hydrated may come before React has read it.
    const typed = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    if (!typed) return;
    setPhase({ kind: "loading" });
    try {
      const res = await signUp.mutateAsync({ email: typed, listId });
      const result = res?.return?.results?.[0];
      if (!result || result.isError) setPhase({ kind: "error", message: result?.errorString ?? "Something went wrong." });
      else setPhase({ kind: "success", needsConfirmation: Boolean(result.needsConfirmation) });
    } catch (err) {
      // Refusals (a bad address, an unknown list, too many sign-ups) carry the same list result as answers.
      const refused = err instanceof ApiRequestError ? (err.body as SignUpAnswer | null)?.return?.results?.[0]?.errorString : undefined;
      setPhase({ kind: "error", message: refused || (err instanceof ApiRequestError ? err.message : "Something went wrong.") });
    }
  };

  if (phase.kind === "loading") {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>Signing you up...</Text>
      </HStack>
    );
  }
  if (phase.kind === "success") {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Success!</Alert.Title>
          {phase.needsConfirmation && <Alert.Description>If this address is not on the list yet, check your email for a link to confirm.</Alert.Description>}
          {whatNext && <Alert.Description data-testid="signup-what-next">{whatNext}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (phase.kind === "error") {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`Oops. ${phase.message}`}</Alert.Title>
          <Alert.Description>
            <Link
              // No anchor: from the answer's address (…#join), a link to the same page with a fragment would only
              // scroll, and without JavaScript the form must be loaded again.
              href={pathname + search}
              onClick={(e) => {
                e.preventDefault();
                setPhase({ kind: "form" });
              }}
              textDecoration="underline"
            >
              Try again
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  // A disabled Sign Up says why, next to the field, once something has been typed.
  const reason = email.trim() && !isEmail(email) ? "Enter a whole email address, like you@example.org, to sign up." : null;
  return (
    <form
      method="post"
      action={JOIN_LIST_PATH}
      onSubmit={handleSubmit}
      noValidate
      aria-label={chapterName ? `Join the ${chapterName} mailing list` : "Join the mailing list"}
    >
      <input type="hidden" name="listId" value={listId} />
      <input type="hidden" name="back" value={pathname + search + (anchor ? `#${anchor}` : "")} />
      <Field.Root required>
        <Field.Label htmlFor={inputId}>Join the mailing list</Field.Label>
        <HStack gap="2" width="100%">
          <Input
            ref={emailField}
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.org"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            size="sm"
          />
          <Button type="submit" size="sm" colorPalette="brand" disabled={scriptsRun && !isEmail(email)}>
            Sign Up
          </Button>
        </HStack>
        {reason && <Field.HelperText>{reason}</Field.HelperText>}
      </Field.Root>
    </form>
  );
}
