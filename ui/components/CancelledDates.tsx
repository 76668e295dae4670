import { Stack, Text } from "@chakra-ui/react";
import type { ChapterEventInfo } from "../../server/contracts/chapter";
import { formatDate } from "../lib/format";

/**
 * An event's cancelled meetups, each marked "Cancelled" with its date struck through and the hosts' note:
 * shown with the event on the chapter page, the map's info windows, the state page and the admin list.
 */
export function CancelledDates({ event }: { event: Pick<ChapterEventInfo, "name" | "cancelledDates"> }) {
  const cancelled = event.cancelledDates ?? [];
  if (!cancelled.length) return null;
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label={`Cancelled meetups of ${event.name}`} data-testid="cancelled-dates">
      {cancelled.map((c) => (
        <Text as="li" key={c.date} fontSize="sm">
          <Text as="span" fontWeight="semibold" color="danger.fg">
            Cancelled:
          </Text>{" "}
          <Text as="del">{formatDate(c.date)}</Text>
          {c.note ? ` (${c.note})` : ""}
        </Text>
      ))}
    </Stack>
  );
}
