import MDEditor from "@uiw/react-md-editor/nohighlight";

/**
 * The rich-text body editor (@uiw/react-md-editor). Imported only through React.lazy (see SendEmail), so it
 * is its own chunk and never part of the public bundle. The preview shows raw HTML as text; what readers
 * get is the server's renderRichText() output.
 */
export function BodyEditor({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <div data-color-mode="light" data-testid="rich-text-editor">
      <MDEditor
        value={value}
        onChange={(v) => onChange(v ?? "")}
        height={320}
        preview="live"
        textareaProps={{ placeholder: "Insert text here ...", "aria-label": label }}
        previewOptions={{ skipHtml: true }}
      />
    </div>
  );
}
