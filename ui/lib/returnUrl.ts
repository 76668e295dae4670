/** Only same-site paths are followed after sign-in, so a link cannot send people elsewhere. */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  return raw;
}
