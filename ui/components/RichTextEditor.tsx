import { Box, Center, Spinner } from "@chakra-ui/react";
import { lazy, Suspense } from "react";

/** @uiw/react-md-editor (about 550 kB) is only ever loaded by the screens that edit text. */
const MDEditor = lazy(async () => {
  const [mod] = await Promise.all([import("@uiw/react-md-editor/nohighlight"), import("@uiw/react-md-editor/markdown-editor.css")]);
  return { default: mod.default };
});

export const RICH_TEXT_PLACEHOLDER = "Insert text here ...";

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Read-only: no toolbar and a disabled text area. */
  disabled?: boolean;
  placeholder?: string;
  /** Labels the text area (id of a visible label, or a name). */
  ariaLabel?: string;
  id?: string;
  height?: number;
}

/**
 * The rich-text editor of the admin areas. It writes markdown (HTML inside is kept); the server
 * renders and sanitises it. No live preview: only server-rendered HTML is ever shown.
 */
export function RichTextEditor({ value, onChange, disabled, placeholder = RICH_TEXT_PLACEHOLDER, ariaLabel, id, height = 320 }: Props) {
  return (
    <Box data-color-mode="light" data-testid="rich-text-editor" opacity={disabled ? 0.7 : 1}>
      <Suspense fallback={<Center h={`${height}px`} borderWidth="1px" rounded="md"><Spinner aria-label="Loading editor" /></Center>}>
        <MDEditor
          value={value}
          onChange={(v) => onChange(v ?? "")}
          preview="edit"
          height={height}
          hideToolbar={disabled}
          textareaProps={{ placeholder, disabled, id, "aria-label": ariaLabel }}
        />
      </Suspense>
    </Box>
  );
}
