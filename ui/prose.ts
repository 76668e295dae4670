import { defineRecipe } from "@chakra-ui/react";

/**
 * Rendered rich text (blog posts, pages, chapter about texts, emails): headings, lists, links, quotes, tables. The
 * theme registers it as the `prose` recipe; it has a module of its own so components can use it without importing
 * ui/theme.ts, which main.tsx loads as a chunk of its own.
 */
export const proseRecipe = defineRecipe({
  className: "prose",
  base: {
    color: "fg",
    lineHeight: "1.6",
    overflowWrap: "anywhere",
    "& p": { marginBottom: "0.75em" },
    "& h1, & h2, & h3, & h4": { fontWeight: "bold", marginTop: "1em", marginBottom: "0.5em", lineHeight: "1.3" },
    "& h1": { fontSize: "2xl" },
    "& h2": { fontSize: "xl" },
    "& h3": { fontSize: "lg" },
    "& ul, & ol": { paddingInlineStart: "1.5em", marginBottom: "0.75em" },
    "& ul": { listStyleType: "disc" },
    "& ol": { listStyleType: "decimal" },
    "& a": { color: "link", textDecoration: "underline", textUnderlineOffset: "0.15em" },
    "& a:hover": { textDecorationThickness: "2px" },
    "& blockquote": { borderInlineStartWidth: "4px", borderColor: "border.emphasized", paddingInlineStart: "3", color: "fg.muted", marginBottom: "0.75em" },
    "& table": { borderCollapse: "collapse", marginBottom: "0.75em", display: "block", maxWidth: "100%", overflowX: "auto" },
    "& th, & td": { borderWidth: "1px", borderColor: "border.emphasized", padding: "2", textAlign: "start" },
    "& img": { maxWidth: "100%", height: "auto" },
    "& code": { fontFamily: "mono", fontSize: "0.9em", background: "bg.muted", paddingInline: "1", borderRadius: "sm" },
    "& pre": { background: "bg.muted", padding: "3", overflowX: "auto", marginBottom: "0.75em" },
    "& pre code": { background: "transparent", padding: "0" },
    "& hr": { borderColor: "border", marginBlock: "1em" },
  },
});
