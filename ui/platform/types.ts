/** What the UI needs from the platform it runs on: the browser, or the desktop app (electron/preload.ts). */
import type { AdminNotice } from "../../server/contracts/adminNotice";

export type { AdminNotice };

/** The answer to setServerAddress: null when the address was kept, else a message for the user. */
export interface ServerAddressResult {
  error: string | null;
}

export interface Platform {
  /** Base URL of the server's API ("" means same origin). */
  apiBase(): string;
  /** False until the desktop app knows which server to talk to (its first run); always true in the browser. */
  hasServerAddress(): boolean;
  /** Checks that a Chapterhouse server answers at the address and keeps it. */
  setServerAddress(address: string): Promise<ServerAddressResult>;
  /** Bearer token when the platform keeps one (desktop); null in the browser, which uses cookies. */
  getToken(): Promise<string | null>;
  setToken(token: string | null): Promise<void>;
  /** True when sign-in should ask for a Bearer token instead of cookies. */
  readonly usesBearer: boolean;
  /** Opens a link outside the app (system browser on desktop, new tab in the browser). */
  openExternal(url: string): void;
  /** Subscribes to admin notices (new host applications, alias rate-limit warnings). Returns an unsubscribe. */
  onAdminNotice(handler: (notice: AdminNotice) => void): () => void;
  /**
   * How API calls reach the server, when not the global fetch: the server's renderer of public pages sends them
   * to itself with the visitor's session (server/web/ssr.ts).
   */
  fetch?: typeof fetch;
  /** Routes the platform asks the UI to open (a clicked desktop notification). Returns an unsubscribe. */
  onNavigate(handler: (path: string) => void): () => void;
}
