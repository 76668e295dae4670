import { ApiRequestError } from "../../../api/client";

/**
 * The alias service's error texts (spec 001 section 8): the server's own message wins when present;
 * otherwise a text by status.
 */
export function aliasErrorMessage(err: unknown): string {
  if (!(err instanceof ApiRequestError)) return `Network error: ${err instanceof Error ? err.message : String(err)}`;
  const serverMessage = err.body && typeof err.body === "object" ? (err.body as { error?: unknown }).error : undefined;
  if (typeof serverMessage === "string" && serverMessage) return serverMessage;
  if (err.status === 0) return "Unable to connect to server. Please check your network connection.";
  if (err.status === 401) return "Authentication failed. Please check your login credentials.";
  if (err.status === 403) return "Access denied. You do not have permission to perform this action.";
  if (err.status === 504) return "Request timed out. Please try again later.";
  return `Server error: ${err.message}`;
}
