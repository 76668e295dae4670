import { Stack } from "@chakra-ui/react";
import type { AuthResponse } from "../../../server/contracts/user";
import { signUpRequest } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { useCurrentUser } from "../../auth/CurrentUser";
import { FormField } from "../../components/FormField";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { useSubmitForm } from "../../lib/forms";
import { isEmail, passwordOk } from "../../lib/validation";

export interface AccountValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const emptyAccount: AccountValues = { name: "", email: "", password: "", confirmPassword: "" };

export function accountValid(v: AccountValues): boolean {
  return v.name.trim() !== "" && isEmail(v.email) && passwordOk(v.password, v.confirmPassword);
}

/**
 * The account form of the registration page and the host application (POST /api/auth/signup): sends only valid
 * values, signs the new user in, then calls `onDone`. A refusal shows the server's message (an email in use).
 * Without JavaScript the form posts to the server, which answers the same (server/web/accountForms.ts).
 */
export function useSignupForm(onDone?: () => void, typed?: Partial<AccountValues>) {
  const { setSignedIn } = useCurrentUser();
  return useSubmitForm<AccountValues>({
    // What a form posted without JavaScript came back with (the name and email, never the passwords).
    defaultValues: { ...emptyAccount, name: typed?.name ?? "", email: typed?.email ?? "" },
    onSubmit: async (v) => {
      if (!accountValid(v)) return;
      try {
        await setSignedIn(await signUpRequest({ name: v.name.trim(), email: v.email.trim(), password: v.password, confirmPassword: v.confirmPassword }));
      } catch (err) {
        const body = err instanceof ApiRequestError ? (err.body as AuthResponse | null) : null;
        throw new Error(body?.error ?? (err as Error).message);
      }
      onDone?.();
    },
  });
}

/** Name, email, password and confirmation, each marked green or red by validity once typed in. */
export function AccountFields({ values, set }: { values: AccountValues; set: (key: keyof AccountValues) => (value: string) => void }) {
  const touched = (s: string) => s.length > 0;
  const text = (name: keyof AccountValues) => ({ name, value: values[name], onChange: set(name) });
  return (
    <Stack gap="4">
      <FormField
        label="Full Name"
        {...text("name")}
        required
        autoComplete="name"
        helper="Please use your real name; hosts and organizers need to know who you are."
        valid={values.name.trim() !== ""}
      />
      <FormField
        label="Email"
        {...text("email")}
        type="email"
        required
        autoComplete="email"
        valid={isEmail(values.email)}
        error={touched(values.email) && !isEmail(values.email) ? "Please enter a valid email address" : null}
      />
      <NewPasswordFields password={text("password")} confirmPassword={text("confirmPassword")} />
    </Stack>
  );
}
