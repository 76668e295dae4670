import { Box, Button, Checkbox, Dialog, Field, HStack, Heading, NativeSelect, Portal, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CANCEL_AHEAD_DAYS, type ChapterEventInfo } from "../../../../server/contracts/chapter";
import { nextMeetingDates, weekCodesOf } from "../../../../server/contracts/schedule";
import { ApiRequestError } from "../../../api/client";
import { eventQueries, useCancelMeetup, useUncancelMeetup } from "../../../api/events";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { CancelNoteFields } from "../../../components/CancelNoteFields";
import { formatDate, todayIn } from "../../../lib/format";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useChapterAdmin } from "../ChapterAdminContext";

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Something went wrong; please try again.");

/**
 * Cancelled meetups of a repeating event, on its edit screen: the dates cancelled (each can be put back on) and
 * "Cancel a Date", a dialog asking which upcoming meetup, an optional note and whether to email the list.
 */
export function CancelledMeetups({ initial }: { initial: ChapterEventInfo }) {
  const event = useQuery({ ...eventQueries.bySlug(initial.slug), initialData: initial }).data ?? initial;
  const [open, setOpen] = useState(false);
  const [backOn, setBackOn] = useState<string | null>(null);
  const [emailBackOn, setEmailBackOn] = useState(false);
  const uncancel = useUncancelMeetup();
  const { chapter } = useChapterAdmin();
  const cancellable = cancellableDates(event, chapter.timeZone);

  const askBackOn = (date: string) => {
    setEmailBackOn(false);
    setBackOn(date);
  };
  const handleUncancel = async () => {
    if (!backOn) return;
    try {
      await uncancel.mutateAsync({ slug: event.slug, date: backOn, emailList: emailBackOn });
    } catch (err) {
      throw new Error(messageOf(err));
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="4" as="section" aria-labelledby="cancelled-meetups-heading" data-testid="cancelled-meetups">
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Heading as="h3" size="sm" id="cancelled-meetups-heading">
          Cancelled Meetups
        </Heading>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={cancellable.length === 0}>
          Cancel a Date
        </Button>
      </HStack>
      {event.cancelledDates.length === 0 ? (
        <Text fontSize="sm">
          No meetup of this event is cancelled. To skip one date (a holiday, the venue closed), cancel it here; the chapter page, the map and calendar feeds
          then leave it out.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {event.cancelledDates.map((c) => (
            <HStack as="li" key={c.date} justify="space-between" wrap="wrap">
              <Text fontSize="sm">
                <strong>{formatDate(c.date)}</strong>
                {c.note ? `: ${c.note}` : ""}
              </Text>
              <Button size="xs" variant="outline" onClick={() => askBackOn(c.date)} aria-label={`Put ${formatDate(c.date)} back on`}>
                Put back on
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <CancelMeetupDialog event={event} dates={cancellable} open={open} onClose={() => setOpen(false)} />
      <ConfirmDialog
        open={backOn !== null}
        title="Put this Meetup Back On"
        testId="back-on-dialog"
        confirmPalette="brand"
        confirmLabel="Put Back On"
        onConfirm={handleUncancel}
        onClose={() => setBackOn(null)}
        message={
          <Stack gap="3">
            <Text>{`${event.name} on ${formatDate(backOn)} is on again: the chapter page, the map and the calendar feeds list it, and the post that announced the cancellation is withdrawn.`}</Text>
            <Checkbox.Root checked={emailBackOn} onCheckedChange={(d) => setEmailBackOn(d.checked === true)}>
              <Checkbox.HiddenInput name="emailList" />
              <Checkbox.Control />
              <Checkbox.Label>{`Email the list ("Back on: ${event.name} on ${formatDate(backOn)}")`}</Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        }
      />
    </Box>
  );
}

/**
 * The meetups a host can cancel: the event's own dates from today to CANCEL_AHEAD_DAYS ahead, in the chapter's
 * zone, less those already cancelled (the server checks each again).
 */
function cancellableDates(event: ChapterEventInfo, timeZone: string): string[] {
  if (event.isSingleDate || event.dayOfWeekIndex === null) return [];
  const today = todayIn(timeZone);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + CANCEL_AHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const cancelled = new Set(event.cancelledDates.map((c) => c.date));
  return nextMeetingDates(today, event.dayOfWeekIndex, weekCodesOf(event.weeksOfMonthIndexes), 60).filter((d) => d <= last && !cancelled.has(d));
}

function CancelMeetupDialog({ event, dates, open, onClose }: { event: ChapterEventInfo; dates: string[]; open: boolean; onClose: () => void }) {
  const [date, setDate] = useState("");
  const [note, setNote] = useState("");
  const [emailList, setEmailList] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelMeetup();
  const chosen = date || dates[0] || "";

  const close = () => {
    setDate("");
    setNote("");
    setEmailList(false);
    setError(null);
    onClose();
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await cancel.mutateAsync({ slug: event.slug, date: chosen, note: note.trim(), emailList });
      close();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} closeOnEscape closeOnInteractOutside>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-meetup-dialog">
            <form onSubmit={handleSubmit} aria-label="Cancel a Date" noValidate>
              <Dialog.Header>
                <Dialog.Title>Cancel a Date</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm">{`One meetup of ${event.name} is called off; the others stay as they are.`}</Text>
                  <Field.Root required>
                    <Field.Label>
                      Date
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="date" value={chosen} onChange={(e) => setDate(e.target.value)}>
                        {dates.map((d) => (
                          <option key={d} value={d}>
                            {formatDate(d)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <CancelNoteFields note={note} onNote={setNote} emailList={emailList} onEmailList={setEmailList} />
                  <ErrorAlert message={error} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Keep It
                </Button>
                <Button type="submit" colorPalette="danger" loading={cancel.isPending} loadingText="Cancelling..." disabled={!chosen}>
                  Cancel this Meetup
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
