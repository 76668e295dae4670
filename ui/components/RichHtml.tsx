import { chakra, type HTMLChakraProps } from "@chakra-ui/react";
import { proseRecipe } from "../prose";

const Prose = chakra("div", proseRecipe);

/**
 * HTML the server rendered and sanitised with renderRichText() (bodyHtml, aboutHtml: the `...Html` fields of API
 * answers), styled by the theme's `prose` recipe. Nothing else is ever inserted as HTML: scripts from content
 * cannot run, and text from users is shown as text everywhere else.
 */
export function RichHtml({ html, ...rest }: { html: string } & Omit<HTMLChakraProps<"div">, "children" | "dangerouslySetInnerHTML">) {
  return <Prose {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
}
