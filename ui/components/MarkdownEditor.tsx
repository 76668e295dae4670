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

/** The @uiw/react-md-editor implementation behind RichTextEditor; import RichTextEditor instead. */
export function MarkdownEditor(p: RichTextEditorProps) {
  const root = useRef<HTMLDivElement>(null);
  const colorMode = useColorMode();

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
    <div data-color-mode={colorMode} data-testid="rich-text-editor" ref={root}>
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
    </div>
  );
}
