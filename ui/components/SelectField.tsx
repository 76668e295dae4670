import { Field, NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** One choice of a SelectField: the value the form holds and the text shown. */
export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

interface Props<T extends string | number> {
  label: ReactNode;
  name: string;
  value: T;
  /** Called with the chosen option's value (a number stays a number). */
  onChange: (value: T) => void;
  onBlur?: () => void;
  options: readonly Choice<T>[];
  error?: string | null;
  helper?: ReactNode;
  disabled?: boolean;
}

/** A labelled select with its helper and error text, the select sibling of FormField (spread `field(name)` into it). */
export function SelectField<T extends string | number>(p: Props<T>) {
  const choose = (raw: string) => {
    const chosen = p.options.find((o) => String(o.value) === raw);
    if (chosen) p.onChange(chosen.value);
  };
  return (
    <Field.Root invalid={Boolean(p.error)} disabled={p.disabled}>
      <Field.Label>{p.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={p.name} value={String(p.value)} onChange={(e) => choose(e.target.value)} onBlur={p.onBlur}>
          {p.options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {p.helper && <Field.HelperText>{p.helper}</Field.HelperText>}
      {p.error && <Field.ErrorText>{p.error}</Field.ErrorText>}
    </Field.Root>
  );
}
