import { Route } from "react-router-dom";

/** The chapter admin area under /chapter/{state}/{slug}/admin (spec 001 section 2). */
export function chapterAdminRoutes() {
  return <></>;
}
