/** What the UI needs from the platform it runs on: the browser, or the desktop app (electron/preload.ts). */
export interface AdminNotice {
  id: number;
  type: "host_application_created" | "alias_rate_limited";
  title: string;
  body: string;
  /** Route inside the app to open when the notice is clicked. */
  path: string;
}

export interface Platform {
  /** Base URL of the server's API ("" means same origin). */
  apiBase(): string;
  /** Bearer token when the platform keeps one (desktop); null in the browser, which uses cookies. */
  getToken(): Promise<string | null>;
  setToken(token: string | null): Promise<void>;
  /** True when sign-in should ask for a Bearer token instead of cookies. */
  readonly usesBearer: boolean;
  /** Opens a link outside the app (system browser on desktop, new tab in the browser). */
  openExternal(url: string): void;
  /** Subscribes to admin notices (new host applications, alias rate-limit warnings). Returns an unsubscribe. */
  onAdminNotice(handler: (notice: AdminNotice) => void): () => void;
}
