import { formatMedium, formatMediumDate } from "../../lib/formatDate";

/** Dates as every screen shows them ("Mar 5, 2026"): one formatter, lib/formatDate. */
export const formatDate = formatMediumDate;
/** Moments as every screen shows them (the spec's "date medium"). */
export const formatDateTime = formatMedium;

export const yesNo = (v: boolean) => (v ? "Yes" : "No");

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The public path of a chapter: /chapter/{state lower case}/{slug}. */
export const chapterPath = (c: { state: string; slug: string }) => `/chapter/${(c.state || "int").toLowerCase()}/${c.slug}`;
