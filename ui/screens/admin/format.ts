/** Dates as the admin screens show them ("Mar 5, 2026"). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}

export const yesNo = (v: boolean) => (v ? "Yes" : "No");

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The public path of a chapter: /chapter/{state lower case}/{slug}. */
export const chapterPath = (c: { state: string; slug: string }) => `/chapter/${(c.state || "int").toLowerCase()}/${c.slug}`;
