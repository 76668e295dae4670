import { useEffect, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useCurrentUser } from "../auth/CurrentUser";
import { platform } from "../platform";
import { notify } from "./Toaster";

/**
 * Admin notices (new host applications, email alias rate-limit warnings) as toasts, for admins and
 * field organizers. The platform delivers them: the server's event stream in the browser, the main
 * process in the desktop app (which also shows them as OS notifications).
 */
export function AdminNotices() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const receives = Boolean(user && (user.isAdmin || user.isFieldOrganizer));
  // navigate changes with every route: the subscription reads the latest one instead of being made again, so a
  // notice arriving while the page changes is shown once.
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!receives) return;
    return platform.onAdminNotice((notice) => {
      const type = notice.type === "alias_rate_limited" || notice.type === "chapter_dormant" ? "warning" : "info";
      notify(type, notice.title, notice.body, { label: "Open", onClick: () => navigateRef.current(notice.path) });
    });
  }, [receives]);

  return null;
}
