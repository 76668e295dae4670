/** Client-side checks mirroring the server's (spec 000 section 5); the server enforces them too. */
export const MIN_PASSWORD_LENGTH = 6;

export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
export const passwordOk = (password: string, confirm: string) => password.length >= MIN_PASSWORD_LENGTH && password === confirm;
