import { Field } from "@chakra-ui/react";
import { useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { CHOOSE_STATE_PATH } from "../../../server/contracts/chapter";
import { StateSelect } from "../../components/StateSelect";

/**
 * The state chooser's Go button, shown only without JavaScript: plain markup in <noscript> (Chakra's styles are
 * written once per page, and a rule first written inside <noscript> would be missing for the rest of the page).
 */
const NO_SCRIPT_BUTTON = {
  alignSelf: "flex-start",
  height: 40,
  padding: "0 16px",
  borderRadius: 6,
  border: 0,
  background: "var(--chakra-colors-brand-solid)",
  color: "var(--chakra-colors-brand-contrast)",
  fontWeight: 600,
  cursor: "pointer",
} as const;

/**
 * "Find chapters by state" on Home: choosing a state goes there at once; without JavaScript a Go button sends the
 * form, and the server redirects. One island of the page (ui/islands/Island.tsx).
 */
export function StateChooser() {
  const navigate = useNavigate();
  const go = (abbr: string) => abbr && navigate(`/chapters/${abbr.toLowerCase()}`);
  // A state chosen before the page was hydrated (React saw no change): go there once it runs. The browser puts back
  // no earlier choice when the visitor comes Back (autoComplete off), which would send them on again.
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const chosen = form.current?.elements.namedItem("state");
    if (chosen instanceof HTMLSelectElement && chosen.value) navigate(`/chapters/${chosen.value.toLowerCase()}`);
  }, [navigate]);
  return (
    <form ref={form} method="get" action={CHOOSE_STATE_PATH}>
      <Field.Root>
        <Field.Label>Find chapters by state</Field.Label>
        <StateSelect value="" onChange={go} placeholder="Choose a state" name="state" autoComplete="off" />
        <noscript>
          <button type="submit" style={NO_SCRIPT_BUTTON}>
            Go
          </button>
        </noscript>
      </Field.Root>
    </form>
  );
}
