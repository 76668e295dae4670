import { Box, type BoxProps } from "@chakra-ui/react";

/**
 * HTML that the server rendered and sanitised with renderRichText() (the `...Html` fields of API answers).
 * Never pass anything else: text from users is shown as text everywhere.
 */
export function RenderedHtml({ html, ...rest }: { html: string } & Omit<BoxProps, "children" | "dangerouslySetInnerHTML">) {
  return (
    <Box
      className="rendered-html"
      css={{
        "& p": { marginBottom: "0.75em" },
        "& ul, & ol": { paddingInlineStart: "1.5em", marginBottom: "0.75em" },
        "& ul": { listStyle: "disc" },
        "& ol": { listStyle: "decimal" },
        "& a": { color: "var(--chakra-colors-blue-700)", textDecoration: "underline" },
        "& h1, & h2, & h3": { fontWeight: 600, marginBlock: "0.5em" },
        "& img": { maxWidth: "100%" },
      }}
      {...rest}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
