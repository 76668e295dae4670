import { marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Stored rich text (markdown with some HTML, as renderRichText reads it) as plain text for the text part of an
 * email: the same words with no markdown marks, links as "text (url)", lists with bullets or numbers,
 * paragraphs apart by a blank line and the host's own line breaks kept.
 */
export function richTextToPlainText(source: string | null | undefined): string {
  if (!source) return "";
  return blocks(marked.lexer(source, { gfm: true, breaks: false }))
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML entities in text (the named few markdown and the sanitizer write, and every numeric one). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** HTML the host typed, as its text: block ends become line breaks, scripts and styles vanish. */
function htmlText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)\s*>/gi, "$&\n");
  return decodeEntities(sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })).replace(/\n+$/, "");
}

const SAFE_LINK = /^(https?:|mailto:|tel:)/i;

/** A link as "text (url)", or the address alone when it is its own text; an unsafe link as its text. */
function link(text: string, href: string): string {
  if (!SAFE_LINK.test(href)) return text;
  const shown = href.replace(/^(mailto|tel):/i, "");
  return !text || text === href || text === shown ? shown : `${text} (${shown})`;
}

function inline(tokens: Token[] | undefined): string {
  return (tokens ?? []).map(inlineToken).join("");
}

function inlineToken(t: Token): string {
  switch (t.type) {
    case "text":
      return "tokens" in t && t.tokens?.length ? inline(t.tokens) : decodeEntities(t.text);
    case "escape":
    case "codespan":
      return decodeEntities(t.text);
    case "strong":
    case "em":
    case "del":
      return inline((t as Tokens.Strong).tokens);
    case "link":
      return link(inline((t as Tokens.Link).tokens), (t as Tokens.Link).href);
    case "image":
      return link((t as Tokens.Image).text, (t as Tokens.Image).href);
    case "br":
      return "\n";
    case "html":
      return htmlText(t.text);
    default:
      return "raw" in t ? String(t.raw) : "";
  }
}

/** Every line after the first indented, so a list item's later lines sit under its text. */
const hang = (text: string, width: number) => text.replace(/\n(?=.)/g, `\n${" ".repeat(width)}`);

function list(t: Tokens.List): string {
  const start = Number(t.start) || 1;
  return t.items
    .map((item, i) => {
      const mark = t.ordered ? `${start + i}. ` : "• ";
      const body = item.tokens
        .map(block)
        .filter(Boolean)
        .join(item.loose ? "\n\n" : "\n");
      return mark + hang(body, mark.length);
    })
    .join(t.loose ? "\n\n" : "\n");
}

function block(t: Token): string {
  switch (t.type) {
    case "paragraph":
    case "heading":
      return inline((t as Tokens.Paragraph).tokens);
    case "text":
      return "tokens" in t && t.tokens?.length ? inline(t.tokens) : decodeEntities(t.text);
    case "list":
      return list(t as Tokens.List);
    case "blockquote":
      return blocks((t as Tokens.Blockquote).tokens).replace(/^(?=.)/gm, "  ");
    case "code":
      return t.text;
    case "hr":
      return "· · ·";
    case "html":
      return htmlText(t.text);
    case "table": {
      const table = t as Tokens.Table;
      return [table.header, ...table.rows].map((row) => row.map((cell) => inline(cell.tokens)).join(" | ")).join("\n");
    }
    case "space":
      return "";
    default:
      return "raw" in t ? String(t.raw) : "";
  }
}

function blocks(tokens: Token[]): string {
  return tokens.map(block).filter(Boolean).join("\n\n");
}
