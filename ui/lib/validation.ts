import { newPasswordProblem } from "../../server/contracts/password";

/** Client-side checks mirroring the server's (spec 000 section 5); the server enforces them too. */
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_BYTES, newPasswordProblem } from "../../server/contracts/password";

export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
export const passwordOk = (password: string, confirm: string) => newPasswordProblem(password) === null && password === confirm;
