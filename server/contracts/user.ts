/** Request/response contracts shared by server and UI. No Node imports here. */
interface PermissionSummary {
  id: number;
  roleId: number;
  chapterId: number | null;
}

/** The signed-in user as the UI keeps it (currentUser). */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  username: string;
  createdAt: string;
  permissions: PermissionSummary[];
  isAdmin: boolean;
  isFieldOrganizer: boolean;
  isChapterHost: boolean;
  chapterHostChapters: number[];
  fieldOrganizerChapters: number[];
  hasChapters: boolean;
}

export interface AuthResponse {
  user: CurrentUser | null;
  error: string | null;
  /** Bearer token, only when the client asked for one (desktop app). */
  token?: string;
}

/** POST /api/auth/signin (answers AuthResponse). */
export interface SignInRequest {
  username: string;
  password: string;
}

/**
 * The sign-in form also works as a plain form post without JavaScript: POST {SIGN_IN_PATH} with `email`, `password`
 * and `returnUrl`, from this site's own page. Signed in, the answer is a redirect to returnUrl; otherwise back to the
 * sign-in page, which shows this result next to the form.
 */
export const SIGN_IN_PATH = "/signin";
export interface SignInFormResult {
  /** The address typed, to fill the form again. */
  email: string;
  message: string;
}

/**
 * The registration and the reset link request also work as plain form posts without JavaScript, to their own page's
 * path (as the reset link's page does, at /password_verify/{token}); each comes back to its page with its answer.
 */
export const REGISTER_PATH = "/register_for_account";
export const PASSWORD_RESET_PATH = "/password_reset";

/** POST /api/auth/signup (answers AuthResponse). */
export interface SignUpRequest {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/password_reset/new_password: the new password and the link's token. */
export interface NewPasswordRequest {
  password: string;
  token: string;
}

/**
 * Password reset answers: POST /api/password_reset/create ("ok", "user not found"), GET /api/password_reset/check/{token}
 * ("ok", "invalid") and POST /api/password_reset/new_password ("ok").
 */
export interface PasswordResetAnswer {
  result: string;
}

export interface ApiErrorBody {
  error: string;
  errorId: string;
  field?: string;
}
