/** Host application shapes shared by server and UI (spec 000 sections 3, 4 and 5). No Node imports here. */
export const HOST_APPLICATION_TYPES = ["drinking", "dining", "laughing"] as const;
export type HostApplicationType = (typeof HOST_APPLICATION_TYPES)[number];

export const HOST_APPLICATION_STATUSES = ["open", "approved", "approved_without_creation", "denied"] as const;
export type HostApplicationStatus = (typeof HOST_APPLICATION_STATUSES)[number];

/** What the applicant's screen shows for each status. */
export const HOST_APPLICATION_STATUS_LABELS: Record<HostApplicationStatus, string> = {
  open: "Open",
  approved: "Approved",
  approved_without_creation: "Approved, No Chapter Created",
  denied: "Denied",
};

/**
 * The host application's page (spec 000 section 5), where its form also posts without JavaScript: `step=account`
 * (the signed-out visitor's account) or `step=application`.
 */
export const START_CHAPTER_PATH = "/start_chapter";

export interface HostApplicationInput {
  city: string;
  state: string;
  type: HostApplicationType;
  reason: string;
}

/** An application as its applicant sees it. */
export interface HostApplicationInfo {
  id: number;
  slug: string;
  city: string;
  /** lower-case state abbreviation, "int" for International */
  state: string;
  type: HostApplicationType;
  reason: string;
  status: HostApplicationStatus;
  statusLabel: string;
  createdAt: string;
  user: { id: number; name: string; email: string } | null;
}
