import { Skeleton } from "@chakra-ui/react";
import { Suspense } from "react";
import { lazyNamed } from "../lib/lazy";

export interface RichTextEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the text area. */
  label: string;
  /** Spec 000 section 9: "Insert text here ..." unless given. */
  placeholder?: string;
  height?: number;
  /** Read only: no toolbar, no typing (e.g. wiki pages that cannot be edited). */
  disabled?: boolean;
  minLength?: number;
  maxLength?: number;
  id?: string;
}

const RICH_TEXT_PLACEHOLDER = "Insert text here ...";

// The editor (@uiw/react-md-editor, about 550 kB) is its own chunk, fetched only when an editor is shown.
const MarkdownEditor = lazyNamed(() => import("./MarkdownEditor"), "MarkdownEditor");

/**
 * The rich-text editor of the admin screens (markdown with a toolbar and a preview). Loaded lazily, so
 * importing this component costs the public bundle nothing. The preview never runs HTML or javascript:
 * links; readers only ever see the server's renderRichText() output.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={`${props.height ?? 320}px`} data-testid="rich-text-loading" />}>
      <MarkdownEditor {...props} placeholder={props.placeholder ?? RICH_TEXT_PLACEHOLDER} />
    </Suspense>
  );
}
