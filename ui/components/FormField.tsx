import { Field, Input, Textarea } from "@chakra-ui/react";
import type { ChangeEvent, ReactNode } from "react";

interface Props {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the field (forms mark it touched then). */
  onBlur?: () => void;
  type?: string;
  required?: boolean;
  /** Shown (and the field marked invalid) when set. */
  error?: string | null;
  /** Marks the field green once valid, as the registration form asks. */
  valid?: boolean;
  helper?: ReactNode;
  multiline?: boolean;
  rows?: number;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

/** A labelled input with its helper and error text. */
export function FormField(p: Props) {
  const handleChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value);
  const border = p.error ? undefined : p.valid ? { borderColor: "border.success" } : undefined;
  return (
    <Field.Root invalid={Boolean(p.error)} required={p.required} disabled={p.disabled} readOnly={p.readOnly}>
      <Field.Label>
        {p.label}
        {p.required && <Field.RequiredIndicator />}
      </Field.Label>
      {p.multiline ? (
        <Textarea name={p.name} value={p.value} onChange={handleChange} rows={p.rows ?? 4} placeholder={p.placeholder} onBlur={p.onBlur} {...border} />
      ) : (
        <Input
          name={p.name}
          type={p.type ?? "text"}
          value={p.value}
          onChange={handleChange}
          autoComplete={p.autoComplete}
          placeholder={p.placeholder}
          onBlur={p.onBlur}
          {...border}
        />
      )}
      {p.helper && <Field.HelperText>{p.helper}</Field.HelperText>}
      {p.error && <Field.ErrorText>{p.error}</Field.ErrorText>}
    </Field.Root>
  );
}
