/**
 * What hosts paste into Add Members, read as people write it (issue 29): bare addresses separated by commas,
 * semicolons, spaces or new lines (spec 001 section 5), "Name <email>" (the name may be quoted, commas and all),
 * "email, name" and "Name email". What is neither an address nor a name next to one is returned as typed, so the
 * screen can leave it in the box to fix.
 */
export interface PastedAddress {
  /** The address as written (not checked yet), or null for text that names no address. */
  email: string | null;
  /** The name written with it, if any. */
  name: string;
  /** The entry as typed: what goes back in the box when it is not valid. */
  typed: string;
}

type Item = { kind: "email"; email: string; name: string; typed: string; segment: number } | { kind: "words"; text: string; segment: number };

/** A name: letters (any script), spaces, dots, hyphens and apostrophes; capitalised or of several words. */
const looksLikeName = (text: string) => /^[\p{L}\p{M}][\p{L}\p{M}'’. -]*$/u.test(text) && (/\s/.test(text) || /^\p{Lu}/u.test(text));

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^"(.*)"$/s, "$1")
    .replace(/\\(.)/g, "$1")
    .trim();

/** Splits a line on commas and semicolons outside quotes and angle brackets. */
function segments(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  let angled = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === "<" && !quoted) angled = true;
    else if (char === ">" && !quoted) angled = false;
    if ((char === "," || char === ";") && !quoted && !angled) {
      out.push(current);
      current = "";
    } else current += char;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The addresses and words of one segment: "Name <email>" whole, else its space-separated words. */
function itemsOf(segment: string, index: number): Item[] {
  const angle = /^(.*?)<([^<>]*)>$/s.exec(segment);
  if (angle) return [{ kind: "email", email: angle[2].trim(), name: unquote(angle[1]), typed: segment, segment: index }];
  const items: Item[] = [];
  for (const word of segment.split(/\s+/).filter(Boolean)) {
    const last = items.at(-1);
    if (word.includes("@")) items.push({ kind: "email", email: word, name: "", typed: word, segment: index });
    else if (last?.kind === "words") last.text += ` ${word}`;
    else items.push({ kind: "words", text: word, segment: index });
  }
  return items;
}

/** One line: words that look like a name go with the address beside them (in their own segment, the one before). */
function readLine(line: string): PastedAddress[] {
  const items = segments(line).flatMap(itemsOf);
  const junk = new Set<Item>();
  items.forEach((item, i) => {
    if (item.kind !== "words") return;
    const before = items[i - 1];
    const after = items[i + 1];
    const candidates = after?.segment === item.segment ? [after, before] : [before, after];
    const owner = looksLikeName(item.text) ? candidates.find((c) => c?.kind === "email" && !c.name) : undefined;
    if (owner?.kind === "email") owner.name = item.text;
    else junk.add(item);
  });
  return items.flatMap((item): PastedAddress[] => {
    if (item.kind === "email") return [{ email: item.email, name: item.name, typed: item.typed }];
    return junk.has(item) ? [{ email: null, name: "", typed: item.text }] : [];
  });
}

export function readPastedAddresses(input: string | string[]): PastedAddress[] {
  const text = Array.isArray(input) ? input.join("\n") : input;
  return text.split(/\r\n|[\r\n]/).flatMap(readLine);
}
