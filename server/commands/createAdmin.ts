import { hashPassword } from "../auth/passwords";
import { newPasswordProblem } from "../contracts/password";
import { Permission } from "../models/Permission";
import { ROLE_ADMIN } from "../models/Role";
import { User } from "../models/User";
import { changePassword } from "./changePassword";

export interface CreateAdminInput {
  email: string;
  name?: string;
  password?: string;
}

/** Creates an admin, or promotes an existing account (and sets its password when one is given). */
export async function createOrPromoteAdmin(input: CreateAdminInput): Promise<{ user: User; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${input.email}" is not a valid email address`);
  const problem = input.password === undefined ? null : newPasswordProblem(input.password);
  if (problem) throw new Error(problem);
  return User.transaction(async (trx) => {
    let user = await User.query(trx).findOne({ email });
    let created = false;
    if (!user) {
      if (!input.name?.trim()) throw new Error("--name is required for a new account");
      if (!input.password) throw new Error("--password is required for a new account");
      user = await User.query(trx).insertAndFetch({ name: input.name.trim(), email, username: email, passwordHash: await hashPassword(input.password) });
      created = true;
    } else if (input.password) {
      await changePassword(user.id, await hashPassword(input.password), trx);
    }
    const has = await Permission.query(trx).findOne({ userId: user.id, roleId: ROLE_ADMIN });
    if (!has) await Permission.query(trx).insert({ userId: user.id, roleId: ROLE_ADMIN, chapterId: null });
    return { user, created };
  });
}
