import type { JoinListResult } from "./mailingList";
import type { SignInFormResult } from "./user";
import type { ReviveResult } from "./chapterRevive";
import type { RsvpFormResult } from "./rsvp";

/** The element of a server-rendered page that holds the query cache the browser hydrates with (ui/api/serverState.ts). */
export const SSR_STATE_ID = "ssr-state";
/** The attribute of that element naming the lazily loaded components the page shows (loaded before hydrating). */
export const SSR_LAZY_ATTRIBUTE = "data-lazy";
/**
 * The attribute of #root on a public page rendered for an anonymous visitor: the browser hydrates only the page's
 * islands (ui/islands/start.tsx), not the app.
 */
export const ISLANDS_ATTRIBUTE = "data-islands";
/** The manifest of the islands' build, in the UI's folder (scripts/build-ui.ts writes it, the server reads it). */
export const ISLANDS_MANIFEST = ".vite/islands-manifest.json";

/**
 * How many pages of a public page's paged list (the home page's news, a chapter's emails) it shows: `?page=3` is
 * the page after Load More was pressed twice, which the server renders for visitors without JavaScript.
 */
export const MORE_PAGES_PARAM = "page";
/** The most pages of a list such an address shows (each is one more read when the page is rendered). */
export const MAX_MORE_PAGES = 20;

/**
 * The query parameters that public pages read. A page is rendered for, and kept under, its path and these
 * alone: any other parameter (`?utm_source=x`) changes nothing on the page (server/web/indexPage.ts).
 */
export const PAGE_QUERY_PARAMS: readonly string[] = ["place", "type", MORE_PAGES_PARAM, "returnUrl"];

/**
 * What a form posted without JavaScript answered, carried to the page it returns to (server/web/formResult.ts),
 * which shows it next to the form.
 */
export type FormResult = { join: JoinListResult } | { signIn: SignInFormResult } | { posted: PostedForm } | { revive: ReviveResult } | { rsvp: RsvpFormResult };

/**
 * The account and host application forms, which post without JavaScript to their own page's path
 * (server/web/accountForms.ts, server/web/startChapterForm.ts): the registration, the reset link request, the reset
 * link's new password, and the host application's two steps (the account, then the application).
 */
export const POSTED_FORMS = ["register", "passwordReset", "newPassword", "hostAccount", "hostApplication"] as const;
export type PostedFormName = (typeof POSTED_FORMS)[number];

/** What one of those forms answered, for its screen to show as it shows the same answer with JavaScript. */
export interface PostedForm {
  form: PostedFormName;
  /** The form did what it was sent for: the screen shows what it shows after success. */
  done: boolean;
  /** The API's answer word where the screen reads one (a reset request's "ok" or "user not found"). */
  result?: string;
  /** The refusal's message, shown as the screen shows the API's. */
  message?: string;
  /** What was typed, to fill the form in again: never a password. */
  values: Record<string, string>;
}
