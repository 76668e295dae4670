import type { ApplicationStatus } from "../models/ChapterHostApplication";
import { badRequest, conflict } from "../errors";
import { APPLICATION_STATUS_LABELS } from "../contracts/siteAdmin";

/**
 * The status machine of a host application (spec 001 section 4): from open an admin may approve without
 * creating a chapter or deny; approving with a chapter goes through POST /api/chapter/new (which sets
 * "approved" itself, see checkApprovalWithChapter); any other status may be reopened. Staying in the same
 * status is no change. Throws the 400 or 409 the admin sees; returns when the change is allowed.
 */
export function checkStatusChange(from: ApplicationStatus, to: ApplicationStatus): void {
  if (from === to) return;
  if (to === "approved") throw badRequest("Create a chapter from this application to approve it (Add Chapter from this application).", "status");
  if (to === "open") return;
  if (from !== "open") throw conflict(`This application is ${APPLICATION_STATUS_LABELS[from]}; reopen it first.`, "status");
}

/** How the activity feed words a change to each status. */
export const STATUS_CHANGE_VERBS: Record<ApplicationStatus, string> = {
  open: "reopened",
  approved: "approved",
  approved_without_creation: "approved without creating a chapter",
  denied: "denied",
};

/** What an application that is not open says when someone tries to create a chapter from it. */
export const APPLICATION_NOT_OPEN: Record<string, string> = {
  approved: "This Chapter Host Application has already been approved and added.",
  approved_without_creation:
    "This Chapter Host Application has already been approved, although no chapter has been created. This user is eligible to be added to an existing chapter.",
  denied: "This Chapter Host Application has already been denied.",
};

/** Approval by creating a chapter from the application (open -> approved): only an open application (409). */
export function checkApprovalWithChapter(from: ApplicationStatus): void {
  if (from !== "open") throw conflict(APPLICATION_NOT_OPEN[from] ?? "This application is not open.");
}
