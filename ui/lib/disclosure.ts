/**
 * A menu that is a <details> (it opens without JavaScript too), closed as a menu is: on Escape, which gives the
 * focus back to its summary, and on a click or tap anywhere else. Answers what undoes it.
 */
export function closeWhenLeft(details: HTMLDetailsElement): () => void {
  const closeOutside = (e: PointerEvent) => {
    if (details.open && !details.contains(e.target as Node)) details.open = false;
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !details.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  document.addEventListener("pointerdown", closeOutside);
  details.addEventListener("keydown", closeOnEscape);
  return () => {
    document.removeEventListener("pointerdown", closeOutside);
    details.removeEventListener("keydown", closeOnEscape);
  };
}
