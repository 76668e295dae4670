import type { HostApplicationInfo, HostApplicationType } from "../contracts/hostApplication";
import { HOST_APPLICATION_STATUS_LABELS } from "../contracts/hostApplication";
import type { ChapterHostApplication } from "../models/ChapterHostApplication";

/** An application as the applicant sees it: no review flags, no archive state, no notes. */
export function presentHostApplicationForApplicant(a: ChapterHostApplication): HostApplicationInfo {
  return {
    id: a.id,
    slug: a.slug,
    city: a.city,
    state: a.state,
    type: a.type as HostApplicationType,
    reason: a.reason,
    status: a.status,
    statusLabel: HOST_APPLICATION_STATUS_LABELS[a.status] ?? a.status,
    createdAt: a.createdAt!,
    user: a.user ? { id: a.user.id, name: a.user.name, email: a.user.email } : null,
  };
}
