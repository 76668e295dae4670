import { Route } from "react-router-dom";
import { Home } from "./Home";
import { Unsubscribe } from "./Unsubscribe";

/** Public routes of spec 000 section 2 (outside the admin areas). */
export function publicRoutes() {
  return (
    <>
      <Route index element={<Home />} />
      <Route path="unsubscribe/:token" element={<Unsubscribe />} />
    </>
  );
}
