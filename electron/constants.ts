/** Names the desktop shell shares between its modules. */

/** The packaged UI is served from this scheme and host (never file://). */
export const APP_SCHEME = "app";
export const APP_HOST = "chapterhouse";
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const APP_ID = "org.livingliberally.chapterhouse";
export const PRODUCT_NAME = "Chapterhouse";

/** The server's admin event stream and the caller's own record. */
export const ADMIN_EVENTS_PATH = "/api/admin/events";
export const CURRENT_USER_PATH = "/api/auth/user";

/**
 * Paths under the app origin that are the server's files, not the UI's: uploaded images are named by the
 * spec (/assets/images/uploads/chapter_header_{id}.jpg), so the app fetches them from the server.
 */
export const SERVER_FILE_PREFIXES = ["/assets/images/uploads/"];
