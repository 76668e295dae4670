import { Box, Button, SimpleGrid, Stack, VisuallyHidden } from "@chakra-ui/react";
import { useId, useState } from "react";
import type { StatsMonth } from "../../../server/contracts/chapterStats";
import { StatsBarChart } from "./StatsBarChart";
import { StatsTable } from "./StatsTable";

/**
 * The twelve months as four charts (members; the list's joins, departures and emails; meetups; who said yes and who
 * came) and their table,
 * which screen readers always have and anyone can show.
 */
export function StatsPanel({ months, caption }: { months: StatsMonth[]; caption: string }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const table = <StatsTable caption={caption} months={months} id={tableId} shown={showTable} />;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <StatsBarChart title="Members at month end" months={months} fields={["members"]} />
        <StatsBarChart title="Mailing list" months={months} fields={["joined", "left", "emailsSent"]} />
        <StatsBarChart title="Meetups" months={months} fields={["meetupsHeld", "meetupsCancelled", "meetupsConfirmed"]} />
        <StatsBarChart title="Who came" months={months} fields={["rsvps", "attended"]} />
      </SimpleGrid>
      <Box>
        <Button size="sm" variant="outline" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? "Hide the table" : "Show as a table"}
        </Button>
      </Box>
      {showTable ? table : <VisuallyHidden>{table}</VisuallyHidden>}
    </Stack>
  );
}
