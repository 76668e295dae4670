import { Button, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { AdminHostApplication, HostApplicationUpdate } from "../../../../server/contracts/siteAdmin";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { notify } from "../../../components/Toaster";
import { LinkButton } from "../../../components/LinkButton";

/** An action that asks first (issue 29): what the dialog says and what saving it changes. */
interface Question {
  title: string;
  message: string;
  confirmLabel: string;
  palette: "danger" | "brand";
  update: HostApplicationUpdate;
  /** The toast once saved. */
  done: string;
  /** The applicant is emailed: the admin may add a note to it. */
  withNote?: boolean;
}

function questions(a: AdminHostApplication): Record<"deny" | "approveWithout" | "reopen" | "archive", Question> {
  const who = a.user.name;
  return {
    deny: {
      title: "Deny Application",
      message: `Deny the application of ${who}? They are emailed that it was not approved, with your note if you write one.`,
      confirmLabel: "Deny",
      palette: "danger",
      update: { status: "denied" },
      done: "Application denied",
      withNote: true,
    },
    approveWithout: {
      title: "Approve Without Creating Chapter",
      message: `Approve the application of ${who} without creating a chapter? They are emailed that a field organizer or admin will add them to an existing chapter, with your note if you write one.`,
      confirmLabel: "Approve",
      palette: "brand",
      update: { status: "approved_without_creation" },
      done: "Approved without creating a chapter",
      withNote: true,
    },
    reopen: {
      title: "Reopen Application",
      message: `Reopen the application of ${who}? It goes back to Open; the applicant is not emailed.`,
      confirmLabel: "Reopen",
      palette: "brand",
      update: { status: "open" },
      done: "Application reopened",
    },
    archive: {
      title: "Archive Application",
      message: `Archive the application of ${who}? It is hidden from the list of applications until Show Archived is on.`,
      confirmLabel: "Archive",
      palette: "brand",
      update: { isArchived: true },
      done: "Application archived",
    },
  };
}

interface Props {
  application: AdminHostApplication;
  busy: boolean;
  /** Saves a change and shows the toast; throws when the server refuses (the dialog then shows why). */
  onSave: (update: HostApplicationUpdate, done: string) => Promise<unknown>;
}

/**
 * The status actions of an application (spec 001 section 4). Deny, Approve Without Creating Chapter, Reopen and
 * Archive ask first in the dialog of every destructive action; the two that email the applicant take a note.
 * Unarchive, which only undoes, does not ask.
 */
export function ApplicationActions({ application, busy, onSave }: Props) {
  // The question stays while the dialog closes, so its text does not vanish mid-animation.
  const [asking, setAsking] = useState<Question | null>(null);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const all = questions(application);
  const ask = (q: Question) => {
    setNote("");
    setAsking(q);
    setOpen(true);
  };
  const handleFailure = (err: unknown) => notify("error", "The application was not saved", err instanceof Error ? err.message : String(err));
  const handleConfirm = async () => {
    if (!asking) return;
    const trimmed = note.trim();
    await onSave(asking.withNote && trimmed ? { ...asking.update, note: trimmed } : asking.update, asking.done);
  };

  return (
    <>
      <HStack gap="3" wrap="wrap">
        {application.status === "open" ? (
          <>
            <LinkButton colorPalette="success">
              <RouterLink to={`/admin/chapters/add/application/${application.slug}`}>Create Chapter</RouterLink>
            </LinkButton>
            <Button variant="outline" colorPalette="info" disabled={busy} onClick={() => ask(all.approveWithout)}>
              Approve Without Creating Chapter
            </Button>
            <Button variant="outline" colorPalette="danger" disabled={busy} onClick={() => ask(all.deny)}>
              Deny
            </Button>
          </>
        ) : (
          <Button variant="outline" disabled={busy} onClick={() => ask(all.reopen)}>
            Reopen
          </Button>
        )}
        {application.isArchived ? (
          <Button variant="ghost" disabled={busy} onClick={() => void onSave({ isArchived: false }, "Application unarchived").catch(handleFailure)}>
            Unarchive
          </Button>
        ) : (
          <Button variant="ghost" disabled={busy} onClick={() => ask(all.archive)}>
            Archive
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={open}
        title={asking?.title ?? ""}
        confirmLabel={asking?.confirmLabel ?? ""}
        confirmPalette={asking?.palette}
        onConfirm={handleConfirm}
        onClose={() => setOpen(false)}
        message={
          <Stack gap="3">
            <Text>{asking?.message}</Text>
            {asking?.withNote && (
              <Field.Root>
                <Field.Label>Note to the applicant (optional)</Field.Label>
                <Textarea name="note" value={note} onChange={(e) => setNote(e.target.value)} rows={4} maxLength={2000} />
                <Field.HelperText>Included in the email and kept in the Note Archive.</Field.HelperText>
              </Field.Root>
            )}
          </Stack>
        }
      />
    </>
  );
}
