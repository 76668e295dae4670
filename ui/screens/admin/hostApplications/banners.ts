import type { HostApplicationStatus } from "../../../../server/contracts/siteAdmin";

/** What an application that is no longer open says (spec 001 section 2). */
export const APPLICATION_BANNERS: Partial<Record<HostApplicationStatus, string>> = {
  approved: "This Chapter Host Application has already been approved and added.",
  approved_without_creation:
    "This Chapter Host Application has already been approved, although no chapter has been created. This user is eligible to be added to an existing chapter.",
  denied: "This Chapter Host Application has already been denied.",
};
