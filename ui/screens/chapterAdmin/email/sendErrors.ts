/** Toast texts of the chapter email screen (spec 001 section 8), by HTTP status. */
export const SEND_FAILED_TITLE = "Email Send Failed";
export const PREPARE_FAILED_TITLE = "Email Preparation Failed";
export const PREPARE_FAILED_MESSAGE = "Failed to prepare email. Please try again or contact support if the problem persists.";
export const SEND_SUCCESS_MESSAGE = "Email sent successfully to all chapter members!";
export const SEND_CONFIRMATION = "Are you sure you want to send this e-mail to everyone in this chapter? This cannot be undone.";

export function sendErrorMessage(status: number): string {
  if (status === 400) return "Invalid email data. Please check your message and try again.";
  if (status === 401) return "You are not authorized to send emails. Please log in again.";
  if (status === 403) return "You do not have permission to send emails to this chapter.";
  if (status === 404) return "Chapter mailing list not found. Please contact support.";
  if (status >= 500) return "Email service is temporarily unavailable. Please try again later.";
  if (status === 0) return "Network error. Please check your internet connection and try again.";
  return "Failed to send email. Please try again or contact support if the problem persists.";
}
