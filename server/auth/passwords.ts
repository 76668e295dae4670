import bcrypt from "bcrypt";

export const MIN_PASSWORD_LENGTH = 6;
const rounds = Number(process.env.BCRYPT_ROUNDS) || 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, rounds);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
