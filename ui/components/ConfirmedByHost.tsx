import { Text } from "@chakra-ui/react";
import { CONFIRMED_BY_HOST, type ChapterEventInfo } from "../../server/contracts/chapter";

/** Whether a host confirmed this meetup of the event is on. */
export const isConfirmed = (event: Pick<ChapterEventInfo, "confirmedDates">, date: string | undefined) =>
  Boolean(date && (event.confirmedDates ?? []).some((c) => c.date === date));

/** "Confirmed by the host" beside a meetup a host confirmed; nothing otherwise. */
export function ConfirmedByHost({ event, date }: { event: Pick<ChapterEventInfo, "confirmedDates">; date: string | undefined }) {
  if (!isConfirmed(event, date)) return null;
  return (
    <Text color="success.fg" fontWeight="semibold" fontSize="sm" data-testid="confirmed-by-host">
      ✓ {CONFIRMED_BY_HOST}
    </Text>
  );
}
