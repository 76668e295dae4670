export { normalizeSpaces } from "../../server/contracts/text";

/** http and https links only: anything else (javascript:, data:) is never put in an href. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** A mailto: link for a plain address, or nothing. */
export function mailtoHref(email: string | null | undefined): string | undefined {
  return email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email) ? `mailto:${email}` : undefined;
}
