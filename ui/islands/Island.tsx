import type { ComponentType } from "react";
import type { IslandName } from "./registry";

/**
 * A part of a public page that answers the visitor (the map, the search, the signup form, the header's toggles): its
 * markup is the page's like any other, in a wrapper that names the part and its props. The app renders it where it
 * stands; for an anonymous visitor, the browser hydrates only these parts (ui/islands/start.tsx), each from the
 * same component with the same props, and the rest of the page stays the server's HTML and CSS.
 *
 * The wrapper takes no box of its own (`display: contents`): the part lays out in its parent as if it were not there.
 */
export function Island<P extends object>({ name, of: Part, props }: { name: IslandName; of: ComponentType<P>; props: P }) {
  return (
    <div data-island={name} data-island-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <Part {...props} />
    </div>
  );
}
