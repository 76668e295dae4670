/**
 * Password rules shared by the server and the UI forms (spec 000 sections 5 and 9). No Node imports here.
 * bcrypt reads only the first 72 bytes (UTF-8) of a password, so longer ones are refused rather than cut:
 * otherwise everything after byte 72 would be ignored and any ending would sign in.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_BYTES} bytes`;

/** Bytes in UTF-8: "é" counts 2, most emoji 4. */
export const passwordBytes = (password: string) => new TextEncoder().encode(password).length;

/** What is wrong with a new password, or null when it may be set. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (passwordBytes(password) > MAX_PASSWORD_BYTES) return PASSWORD_TOO_LONG;
  return null;
}
