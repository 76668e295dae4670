import { Box, type BoxProps } from "@chakra-ui/react";

/**
 * HTML the server rendered and sanitised with renderRichText() (the `...Html` fields of API answers: bodyHtml,
 * aboutHtml). The one component that inserts HTML; never pass anything else: text from users is shown as text
 * everywhere, and scripts from content cannot run.
 */
export function RichHtml({ html, ...rest }: { html: string } & Omit<BoxProps, "children" | "dangerouslySetInnerHTML">) {
  return (
    <Box
      className="rich-text"
      css={{
        "& p": { marginBottom: "3" },
        "& h1, & h2, & h3, & h4": { fontWeight: "bold", marginTop: "4", marginBottom: "2" },
        "& h1": { fontSize: "2xl" },
        "& h2": { fontSize: "xl" },
        "& h3": { fontSize: "lg" },
        "& ul, & ol": { paddingLeft: "6", marginBottom: "3" },
        "& ul": { listStyleType: "disc" },
        "& ol": { listStyleType: "decimal" },
        "& a": { color: "blue.700", textDecoration: "underline" },
        "& blockquote": { borderLeftWidth: "4px", borderColor: "gray.300", paddingLeft: "3", color: "gray.700" },
        "& table": { borderCollapse: "collapse", marginBottom: "3" },
        "& th, & td": { borderWidth: "1px", borderColor: "gray.300", padding: "2", textAlign: "left" },
        "& img": { maxWidth: "100%", height: "auto" },
        "& pre": { background: "gray.100", padding: "3", overflowX: "auto" },
      }}
      {...rest}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
