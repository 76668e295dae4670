import { useEffect } from "react";
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

  useEffect(() => {
    if (!receives) return;
    return platform.onAdminNotice((notice) => {
      const type = notice.type === "alias_rate_limited" ? "warning" : "info";
      notify(type, notice.title, notice.body, { label: "Open", onClick: () => navigate(notice.path) });
    });
  }, [receives, navigate]);

  return null;
}
