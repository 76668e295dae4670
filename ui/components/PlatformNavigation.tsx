import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { safeReturnUrl } from "../lib/returnUrl";
import { platform } from "../platform";

/** Opens the routes the platform asks for (a clicked desktop notification) inside the app. */
export function PlatformNavigation() {
  const navigate = useNavigate();
  useEffect(() => platform.onNavigate((path) => navigate(safeReturnUrl(path))), [navigate]);
  return null;
}
