import { Badge } from "@chakra-ui/react";
import { APPLICATION_STATUS_LABELS, type HostApplicationStatus } from "../../../../server/contracts/siteAdmin";

const COLORS: Record<HostApplicationStatus, string> = { open: "brand", approved: "success", approved_without_creation: "info", denied: "danger" };

export function StatusBadge({ status }: { status: HostApplicationStatus }) {
  return (
    <Badge colorPalette={COLORS[status]} data-testid="status-badge">
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ArchivedBadge() {
  return <Badge colorPalette="neutral">Archived</Badge>;
}
