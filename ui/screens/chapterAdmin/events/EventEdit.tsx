import { Box, Button, Checkbox, Fieldset, Group, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { ChapterEventInfo } from "../../../../server/contracts/chapter";
import { STATES } from "../../../../server/contracts/chapter";
import { TIME_CHOICES, WEEK_CODES, WEEKDAY_NAMES, toggledWeekCodes } from "../../../../server/contracts/schedule";
import { eventQueries, useDeleteEvent, useSaveEvent } from "../../../api/events";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState } from "../../../components/AsyncState";
import { FormField } from "../../../components/FormField";
import { SelectField, type Choice } from "../../../components/SelectField";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { useSubmitForm } from "../../../lib/forms";
import { useChapterAdmin } from "../ChapterAdminContext";
import { AdminSection, LoadError, Loading } from "../AdminSection";
import { CancelledMeetups } from "./CancelledMeetups";
import { newEventFor, eventBody, eventResolver, formFieldOf, valuesOf, type EventFormValues } from "./eventForm";
import { SaveRow } from "../../../components/SavedIndicator";
import { SchedulePreview } from "./SchedulePreview";

/** The event's state select: none (outside the US), then the chapter's state list without International. */
const STATE_CHOICES: Choice<string>[] = [
  { value: "", label: "None (outside the US)" },
  ...Object.entries(STATES)
    .filter(([abbr]) => abbr !== "int")
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([abbr, name]) => ({ value: abbr, label: name })),
];
const WEEKDAY_CHOICES: Choice<number>[] = WEEKDAY_NAMES.map((name, i) => ({ value: i, label: name }));
const TIME_OPTIONS: Choice<string>[] = TIME_CHOICES.map((t) => ({ value: t.value, label: t.label }));

/**
 * Add Event / Edit Event (spec 001 section 2): edit when the route has the event's slug. After saving, add mode
 * goes up one level and edit mode up two (both land on the list); deleting goes up two.
 */
export function EventEdit() {
  // (The chapter's own slug is the parent route's :slug; the event's is :eventSlug.)
  const { eventSlug: slug } = useParams();
  const { basePath } = useChapterAdmin();
  const loaded = useFreshQuery({ ...eventQueries.bySlug(slug ?? ""), enabled: Boolean(slug) });

  return (
    <AdminSection
      title={slug ? "Edit Event" : "Add Event"}
      actions={
        <ChakraLink asChild>
          <RouterLink to={`${basePath}/events`}>All Events</RouterLink>
        </ChakraLink>
      }
    >
      {slug ? (
        <AsyncState
          query={loaded}
          loading={<Loading label="Loading event" />}
          error={(error) => <LoadError error={error.status === 404 ? "This event does not exist." : error} />}
        >
          {(existing) => <EventForm key={slug} existing={existing} />}
        </AsyncState>
      ) : (
        <EventForm key="new" />
      )}
    </AdminSection>
  );
}

function EventForm({ existing }: { existing?: ChapterEventInfo }) {
  const { chapter } = useChapterAdmin();
  const navigate = useNavigate();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const { values, set, field, errorOf, submit, busy, error } = useSubmitForm<EventFormValues>({
    defaultValues: existing ? valuesOf(existing) : newEventFor(chapter),
    resolver: eventResolver,
    fieldOf: formFieldOf,
    onSubmit: async (v) => {
      await save.mutateAsync(eventBody(v, chapter.id, existing?.slug));
      // Add (events/add) goes up one level, edit (events/edit/{slug}) up two: both are the list.
      navigate(existing ? "../.." : "..", { relative: "path" });
    },
  });

  const toggleWeek = (code: number, checked: boolean) => set("weeks")(toggledWeekCodes(values.weeks, code, checked));

  const [confirming, setConfirming] = useState(false);
  const handleDelete = async () => {
    if (!existing) return;
    await remove.mutateAsync(existing.slug);
    navigate("../..", { relative: "path" });
  };

  return (
    <Stack gap="6">
      <form onSubmit={submit} noValidate aria-label={existing ? "Edit Event" : "Add Event"}>
        <Stack gap="4">
          <ErrorAlert message={error?.message ?? null} />
          <FormField label="Location" required {...field("name")} helper="The venue's name, e.g. Rudy's Bar" />
          <FormField label="Address" required {...field("address1")} autoComplete="address-line1" />
          <FormField label="Address 2" {...field("address2")} autoComplete="address-line2" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="City" required {...field("city")} autoComplete="address-level2" />
            <SelectField label="State" {...field("state")} options={STATE_CHOICES} />
            <FormField label="Postal Code" {...field("postalCode")} autoComplete="postal-code" />
            <FormField label="Country" {...field("country")} autoComplete="country-name" />
          </SimpleGrid>
          <FormField label="Description (optional)" multiline rows={3} {...field("description")} />

          <Fieldset.Root>
            <Fieldset.Legend>When</Fieldset.Legend>
            <Group attached role="radiogroup" aria-label="Event kind" mt="2">
              {[
                { single: false, label: "Repeating" },
                { single: true, label: "Single Date" },
              ].map((k) => (
                <Button
                  key={k.label}
                  role="radio"
                  aria-checked={values.isSingleDate === k.single}
                  variant={values.isSingleDate === k.single ? "solid" : "outline"}
                  colorPalette="brand"
                  onClick={() => set("isSingleDate")(k.single)}
                >
                  {k.label}
                </Button>
              ))}
            </Group>
          </Fieldset.Root>

          {values.isSingleDate ? (
            <FormField label="Date" type="date" required {...field("singleDate")} helper="YYYY-MM-DD" />
          ) : (
            <Stack gap="4">
              <SelectField label="Day of the Week" {...field("dayOfWeekIndex")} options={WEEKDAY_CHOICES} />
              <Fieldset.Root invalid={Boolean(errorOf("weeks"))}>
                <Fieldset.Legend>Weeks of the Month</Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="2">
                  {WEEK_CODES.map((w) => (
                    <Checkbox.Root key={w.code} checked={values.weeks.includes(w.code)} onCheckedChange={(d) => toggleWeek(w.code, d.checked === true)}>
                      <Checkbox.HiddenInput name="weeks" value={String(w.code)} />
                      <Checkbox.Control />
                      <Checkbox.Label>{w.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
                {errorOf("weeks") && <Fieldset.ErrorText>{errorOf("weeks")}</Fieldset.ErrorText>}
              </Fieldset.Root>
            </Stack>
          )}

          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField label="Start Time" {...field("startTime")} options={TIME_OPTIONS} />
            <SelectField label="End Time" {...field("endTime")} options={TIME_OPTIONS} />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            Times are in the chapter's time zone ({chapter.timeZone}).
          </Text>
          <SchedulePreview values={values} timeZone={chapter.timeZone} />
          <FormField
            label="Capacity (optional)"
            {...field("capacity")}
            helper="How many people can come to each meetup. Leave it empty for no limit; when it is full, answers go on a waitlist."
          />
          {/* Saving leaves the form, so no Saved here. */}
          <SaveRow state="idle" disabled={busy} />
        </Stack>
      </form>
      {existing && !existing.isSingleDate && <CancelledMeetups initial={existing} />}
      {existing && (
        <Box borderWidth="1px" borderColor="border.error" borderRadius="md" p="4" as="section" aria-labelledby="delete-event-heading">
          <Heading as="h3" size="sm" color="danger.fg" mb="2" id="delete-event-heading">
            Delete this Event
          </Heading>
          <Text fontSize="sm" mb="3">
            Deleting removes this event from the chapter page, the map and the calendar feeds for good.
          </Text>
          <Button colorPalette="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Danger! Irreversible!
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Delete this Event"
            message={`Delete "${existing.name}"? It leaves the chapter page, the map and the calendar feeds for good.`}
            confirmLabel="Delete Event"
            onConfirm={handleDelete}
            onClose={() => setConfirming(false)}
          />
        </Box>
      )}
    </Stack>
  );
}
