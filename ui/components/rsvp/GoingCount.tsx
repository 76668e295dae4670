import { Text } from "@chakra-ui/react";
import type { NextDate } from "../../../server/contracts/chapter";

/** "3 going", and with a capacity the places left or the waitlist: "10 going, full (2 on the waitlist)". */
function goingText(d: Pick<NextDate, "going" | "capacity" | "waitlisted">): string {
  const going = `${d.going ?? 0} going`;
  if (d.capacity == null) return going;
  const left = d.capacity - (d.going ?? 0);
  if (left > 0) return `${going}, ${left} ${left === 1 ? "place" : "places"} left`;
  return d.waitlisted ? `${going}, full (${d.waitlisted} on the waitlist)` : `${going}, full`;
}

/** How many are coming to one meetup, beside its date on the chapter page (rendered by the server, so it shows without JavaScript). */
export function GoingCount({ date }: { date: NextDate }) {
  return (
    <Text as="span" color="fg.muted" data-testid="going-count">
      {goingText(date)}
    </Text>
  );
}
