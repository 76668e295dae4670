/** Replaces every non-breaking-space variant with a normal space (spec 001 section 5); the server does the same. */
export function normalizeSpaces(text: string): string {
  return text.replace(/\u00a0|&nbsp;|&#160;|&#xa0;|\u202f|\u2007/gi, " ");
}

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
