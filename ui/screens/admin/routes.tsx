import { Route } from "react-router-dom";

/** The site admin area under /admin (spec 001 section 2), admins only. */
export function adminRoutes() {
  return <></>;
}
