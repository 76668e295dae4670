import { Alert, Button, Field, Heading, HStack, Link as ChakraLink, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ApiRequestError } from "../../../api/client";
import { useChapterListId, useSignUpMany } from "../../../api/mailingLists";
import { SavedIndicator, useSaveState } from "../../../components/SavedIndicator";
import { useChapterAdmin } from "../ChapterAdminContext";
import { listStatusText } from "./NoMailingList";

/**
 * Add Members (spec 001 section 2): paste addresses separated by commas, spaces or new lines, with names if they
 * come along ("Name <email>", "email, name"); the outcome says how many were added, who was a member already and
 * what is not valid (left in the box).
 */
export function AddMembers() {
  const { chapter } = useChapterAdmin();
  const { listId, answer } = useChapterListId(chapter.id);
  const signUpMany = useSignUpMany();
  const [emails, setEmails] = useState("");
  const [dirty, setDirty] = useState(false);
  const [save, setSave] = useSaveState();
  const [outcome, setOutcome] = useState<{ added: number; alreadyMembers: string[]; invalid: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const empty = emails.trim() === "";

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setDirty(true);
    if (empty || !listId) return;
    setSave("saving");
    setError(null);
    try {
      const res = await signUpMany.mutateAsync({ emails, listId });
      setOutcome({ added: res.added, alreadyMembers: res.alreadyMembers, invalid: res.invalid });
      // Keep the addresses that need fixing in the box.
      setEmails(res.invalid.join("\n"));
      setDirty(false);
      setSave("saved");
    } catch (err) {
      setSave("idle");
      setError(err instanceof ApiRequestError ? err.message : "The members could not be added.");
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add Members">
      <Stack gap="4">
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            Add Members
          </Heading>
          <ChakraLink asChild>
            <RouterLink to=".." relative="path">
              All Members
            </RouterLink>
          </ChakraLink>
        </HStack>
        {listId === null && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This Chapter has no mailing list.</Alert.Title>
              {answer && <Alert.Description>{listStatusText(answer)}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root required invalid={dirty && empty}>
          <Field.Label>New Email Addresses (Required)</Field.Label>
          <Textarea name="emails" rows={8} value={emails} onChange={(e) => setEmails(e.target.value)} onBlur={() => setDirty(true)} />
          <Field.HelperText>
            <Text as="span" display="block">
              Enter a list of email addresses separated by a comma, a space or a new line.
            </Text>
            <Text as="span" display="block">
              Names may come along, one person per line: &quot;A Member &lt;member@example.org&gt;&quot; or &quot;member@example.org, A Member&quot;.
            </Text>
          </Field.HelperText>
          {dirty && empty && <Field.ErrorText>New Email Addresses are Required</Field.ErrorText>}
        </Field.Root>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {outcome && (
          <Alert.Root status={outcome.invalid.length ? "warning" : "success"} data-testid="add-members-outcome">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{`${outcome.added} member${outcome.added === 1 ? "" : "s"} added.`}</Alert.Title>
              {(outcome.alreadyMembers.length > 0 || outcome.invalid.length > 0) && (
                <Alert.Description>
                  {outcome.alreadyMembers.length > 0 && (
                    <Text>
                      {outcome.alreadyMembers.length === 1 ? "1 was already a member" : `${outcome.alreadyMembers.length} were already members`}:{" "}
                      {outcome.alreadyMembers.join(", ")}
                    </Text>
                  )}
                  {outcome.invalid.length > 0 && (
                    <Text>These addresses are not valid and were not added (they are left in the box to fix): {outcome.invalid.join(", ")}</Text>
                  )}
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" disabled={save === "saving" || !listId}>
            Save
          </Button>
          <SavedIndicator state={save} />
        </HStack>
      </Stack>
    </form>
  );
}
