import { NativeSelect } from "@chakra-ui/react";
import { STATES } from "../../server/contracts/chapter";
import type { Choice } from "./SelectField";

/** The state list of spec 000 section 9 (50 states, DC, Puerto Rico, International), sorted by name. */
export const STATE_OPTIONS = Object.entries(STATES)
  .map(([abbr, name]) => ({ abbr, name }))
  .sort((a, b) => (a.abbr === "int" ? 1 : b.abbr === "int" ? -1 : a.name.localeCompare(b.name)));

/** The same list as SelectField choices. */
export const STATE_CHOICES: Choice<string>[] = STATE_OPTIONS.map(({ abbr, name }) => ({ value: abbr, label: name }));

export function StateSelect(props: {
  id?: string;
  value: string;
  onChange: (abbr: string) => void;
  placeholder: string;
  name?: string;
  "aria-label"?: string;
  /** "off": the browser does not put back a choice made before when the page is opened again (Back). */
  autoComplete?: "off";
  size?: "sm" | "md";
  /** The states offered (every one by default). */
  options?: typeof STATE_OPTIONS;
}) {
  return (
    <NativeSelect.Root size={props.size ?? "md"}>
      <NativeSelect.Field
        id={props.id}
        name={props.name ?? "state"}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-label={props["aria-label"]}
        autoComplete={props.autoComplete}
      >
        <option value="">{props.placeholder}</option>
        {(props.options ?? STATE_OPTIONS).map((s) => (
          <option key={s.abbr} value={s.abbr}>
            {s.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
