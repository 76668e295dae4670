import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AuthResponse, CurrentUser, NewPasswordRequest, PasswordResetAnswer, SignInRequest, SignUpRequest } from "../../server/contracts/user";
import { platform } from "../platform";
import { api } from "./client";
import { get } from "./queryClient";

export const authKeys = {
  all: ["auth"] as const,
  user: () => [...authKeys.all, "user"] as const,
  passwordToken: (token: string) => [...authKeys.all, "passwordToken", token] as const,
  /** The answer of the sign-in form posted without JavaScript, which the server renders /signin with (once). */
  signInFormResult: () => [...authKeys.all, "signInFormResult"] as const,
};

/** Accounts (spec 000 section 7 "Accounts"). */
export const authQueries = {
  /**
   * Who is signed in (null: nobody). Asked once per page load; sign-in and sign-out put their own answer in
   * the cache (ui/auth/CurrentUser.tsx), so it never goes stale by itself.
   */
  currentUser: () =>
    queryOptions({
      queryKey: authKeys.user(),
      queryFn: async ({ signal }): Promise<CurrentUser | null> => (await api.get<AuthResponse>("/api/auth/user", signal)).user,
      staleTime: Infinity,
    }),
  /**
   * Whether a password reset link still works ("ok"). Asked afresh on every visit (stale at once): a link works
   * only once. Kept a little while unwatched, so the answer the server read for its page is still there when the
   * page renders, and when the browser hydrates it.
   */
  passwordToken: (token: string) =>
    queryOptions({
      queryKey: authKeys.passwordToken(token),
      queryFn: get<PasswordResetAnswer>(`/api/password_reset/check/${encodeURIComponent(token)}`),
      staleTime: 0,
      gcTime: 30_000,
    }),
};

// The account requests change no cached answer but the current user, which CurrentUserProvider sets from them.
export const signInRequest = (body: SignInRequest) => api.post<AuthResponse>("/api/auth/signin", body);
export const signUpRequest = (body: SignUpRequest) => api.post<AuthResponse>("/api/auth/signup", body);
const signOutRequest = () => api.get<unknown>("/api/auth/signout");
export const requestPasswordReset = (email: string) => api.post<PasswordResetAnswer>("/api/password_reset/create", { email });
export const setNewPassword = (body: NewPasswordRequest) => api.post<PasswordResetAnswer>("/api/password_reset/new_password", body);

/**
 * After a sign-in or sign-out nothing asked for the previous user may be shown to the next: answers no screen
 * shows are dropped, the ones on screen are asked for again.
 */
function forgetPreviousUser(queryClient: QueryClient): void {
  const otherThanAuth = { predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== authKeys.all[0] };
  queryClient.removeQueries({ ...otherThanAuth, type: "inactive" });
  void queryClient.invalidateQueries(otherThanAuth);
}

function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(authKeys.user(), user);
  forgetPreviousUser(queryClient);
}

/** Makes the user of a sign-in (or sign-up) answer the current one; a "who am I" asked before it is dropped. */
export async function applySignIn(queryClient: QueryClient, res: AuthResponse): Promise<void> {
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  if (res.token) await platform.setToken(res.token);
  setCurrentUser(queryClient, res.user);
}

/**
 * Signs out, and only then trusts "who am I" again: an answer asked for before or during the sign-out speaks
 * for the session that is ending (Sign Out pressed as a page opens sends both at once), so it is dropped. A
 * failed sign-out is only logged (spec 000 section 8); this browser forgets the user either way.
 */
export async function signOut(queryClient: QueryClient, request: () => Promise<unknown> = signOutRequest): Promise<void> {
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  try {
    await request();
  } catch (err) {
    console.error("Sign-out failed", err);
  }
  await platform.setToken(null);
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  setCurrentUser(queryClient, null);
}
