import { SSR_STATE_ID } from "../../server/contracts/ssr";
import { platform } from "../platform";

/**
 * The query state the server rendered this page with, as the page carries it, or null when the page is to be
 * rendered afresh: it was not rendered on the server, or the platform signs requests with its own token (the desktop
 * app), while the server rendered for the browser's cookie session. No React or query library here: the islands'
 * entry asks it before it loads either.
 */
export function serverStateText(): string | null {
  if (platform.usesBearer) return null;
  return document.getElementById(SSR_STATE_ID)?.textContent || null;
}
