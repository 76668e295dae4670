import { Button, type ButtonProps } from "@chakra-ui/react";
import { forwardRef } from "react";

/**
 * A link that looks like a button: Chakra's Button on the link it wraps (`<LinkButton><RouterLink .../></LinkButton>`).
 * Button gives its element type="button", which a link must not carry (invalid HTML); here it carries none.
 */
export const LinkButton = forwardRef<HTMLButtonElement, Omit<ButtonProps, "asChild" | "type">>(function LinkButton(props, ref) {
  return <Button ref={ref} {...props} asChild type={undefined} />;
});
