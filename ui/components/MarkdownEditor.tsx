import { Box } from "@chakra-ui/react";
import MDEditor from "@uiw/react-md-editor/nohighlight";
import { useEffect, useRef } from "react";
import type { RichTextEditorProps } from "./RichTextEditor";
import { safeHref } from "../lib/text";
import { useColorMode } from "./ColorModeToggle";

/** Links in the live preview: http, https, mailto and in-page anchors; anything else becomes inert. */
function previewUrl(url: string): string {
  if (url.startsWith("#") || /^mailto:/i.test(url)) return url;
  return safeHref(url) ?? "#";
}

type Plugin = unknown;
/** Drops rehype-attr (HTML attributes from <!--rehype:...--> comments) from the preview's plugins. */
const withoutAttributePlugin = (type: "rehype" | "remark", plugins: Plugin[]) =>
  type === "rehype" ? plugins.filter((p) => !(Array.isArray(p) && (p[1] as { properties?: string } | undefined)?.properties === "attr")) : plugins;

/** A line that is only a list marker ("- ", "* ", "3. ", "- [ ] "): an item the editor began and the host left empty. */
const EMPTY_ITEM = /^[ \t]*([-*+]|\d+[.)])( \[[ xX]\])?[ \t]*$/;

/**
 * Enter on an empty list item ends the list (a blank line, as in most editors) instead of starting another item:
 * @uiw/react-md-editor continues a list on every Enter, so the lines typed after one (a sign-off) became items.
 * Listens before the editor does (capture phase) and only for that case.
 */
function endListOnEmptyItem(e: KeyboardEvent, onChange: (value: string) => void) {
  const area = e.target;
  if (e.key !== "Enter" || e.shiftKey || e.isComposing || !(area instanceof HTMLTextAreaElement)) return;
  const { value, selectionStart: at, selectionEnd } = area;
  if (at !== selectionEnd) return;
  const lineStart = value.lastIndexOf("\n", at - 1) + 1;
  const next = value.indexOf("\n", at);
  const lineEnd = next < 0 ? value.length : next;
  if (at !== lineEnd || !EMPTY_ITEM.test(value.slice(lineStart, lineEnd))) return;
  e.preventDefault();
  e.stopPropagation();
  area.setSelectionRange(lineStart, lineEnd);
  // insertText keeps the browser's undo; where it is missing, set the value.
  if (!document.execCommand("insertText", false, "\n")) onChange(`${value.slice(0, lineStart)}\n${value.slice(lineEnd)}`);
}

/** The @uiw/react-md-editor implementation behind RichTextEditor; import RichTextEditor instead. */
export function MarkdownEditor(p: RichTextEditorProps) {
  const root = useRef<HTMLDivElement>(null);
  const colorMode = useColorMode();
  const onChange = useRef(p.onChange);
  useEffect(() => {
    onChange.current = p.onChange;
  }, [p.onChange]);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const handleKeyDown = (e: KeyboardEvent) => endListOnEmptyItem(e, (v) => onChange.current(v));
    el.addEventListener("keydown", handleKeyDown, true);
    return () => el.removeEventListener("keydown", handleKeyDown, true);
  }, []);

  // The toolbar's icons are drawn as <svg role="img"> without text; their buttons carry the names.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const hideIcons = () => el.querySelectorAll("svg:not([aria-hidden])").forEach((svg) => svg.setAttribute("aria-hidden", "true"));
    hideIcons();
    const observer = new MutationObserver(hideIcons);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    // Links in the live preview are underlined, not told apart by colour alone.
    <Box data-color-mode={colorMode} data-testid="rich-text-editor" ref={root} css={{ "& .wmde-markdown a": { textDecoration: "underline" } }}>
      <MDEditor
        value={p.value}
        onChange={(v) => p.onChange(v ?? "")}
        height={p.height ?? 320}
        preview={p.disabled ? "preview" : "live"}
        hideToolbar={p.disabled}
        textareaProps={{
          id: p.id,
          placeholder: p.placeholder,
          "aria-label": p.label,
          disabled: p.disabled,
          minLength: p.minLength,
          maxLength: p.maxLength,
        }}
        previewOptions={{
          // Raw HTML in the source is shown as text, never parsed (skipHtml keeps rehype-raw out).
          skipHtml: true,
          urlTransform: previewUrl,
          pluginsFilter: withoutAttributePlugin as never,
        }}
      />
    </Box>
  );
}
