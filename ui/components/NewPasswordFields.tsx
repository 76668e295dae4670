import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem } from "../lib/validation";
import { FormField } from "./FormField";

/** What a text field of a form needs: its name, value and change (as useSubmitForm's `field` gives them). */
interface TextFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/**
 * A new password and its confirmation (registration, host application, password reset), each marked green or red
 * by validity once typed in. `label` names the first ("Password", "New Password"); the second is "Confirm {label}".
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "Password",
}: {
  password: TextFieldProps;
  confirmPassword: TextFieldProps;
  label?: string;
}) {
  const problem = newPasswordProblem(password.value);
  const confirmTyped = confirmPassword.value.length > 0;
  const matches = confirmPassword.value === password.value;
  return (
    <>
      <FormField
        label={label}
        type="password"
        {...password}
        required
        autoComplete="new-password"
        helper={`At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_BYTES} bytes.`}
        valid={problem === null}
        error={password.value.length > 0 ? problem : null}
      />
      <FormField
        label={`Confirm ${label}`}
        type="password"
        {...confirmPassword}
        required
        autoComplete="new-password"
        valid={confirmTyped && matches}
        error={confirmTyped && !matches ? "Passwords do not match" : null}
      />
    </>
  );
}
