import type { ApplicationStatus } from "../models/ChapterHostApplication";
import { badRequest, conflict } from "../errors";
import { APPLICATION_STATUS_LABELS } from "../contracts/siteAdmin";

/**
 * The status machine of a host application (spec 001 section 4): from open an admin may approve without
 * creating a chapter or deny; approving with a chapter goes through POST /api/chapter/new (which sets
 * "approved" itself); any other status may be reopened. Staying in the same status is no change.
 * Throws the 400 or 409 the admin sees; returns when the change is allowed.
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
