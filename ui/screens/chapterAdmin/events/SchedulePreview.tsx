import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { nextMeetingDates } from "../../../../server/contracts/schedule";
import { formatDate, formatTime, todayIn } from "../../../lib/format";
import type { EventFormValues } from "./eventForm";

/** How many dates the preview lists: as many as the chapter page does. */
const PREVIEW_DATES = 4;

/**
 * What the event will publish, in words, before it is saved: the next four dates of a repeating event (or the one
 * date of a single-date event), as the chapter page will list them.
 */
export function SchedulePreview({ values, timeZone }: { values: EventFormValues; timeZone: string }) {
  const dates = values.isSingleDate
    ? values.singleDate
      ? [values.singleDate]
      : []
    : nextMeetingDates(todayIn(timeZone), values.dayOfWeekIndex, values.weeks, PREVIEW_DATES);
  return (
    <Box as="section" aria-labelledby="schedule-preview-heading" borderWidth="1px" borderRadius="md" p="3" data-testid="schedule-preview">
      <Heading as="h3" size="sm" id="schedule-preview-heading" mb="1">
        {values.isSingleDate ? "The date it will publish" : "The next dates it will publish"}
      </Heading>
      {dates.length ? (
        <Stack as="ul" gap="0" listStyleType="none" aria-live="polite">
          {dates.map((d) => (
            <Text as="li" key={d}>{`${formatDate(d)}, ${formatTime(values.startTime)}`}</Text>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted" aria-live="polite">
          {values.isSingleDate ? "Choose a date." : "Tick at least one week to see the dates."}
        </Text>
      )}
    </Box>
  );
}
