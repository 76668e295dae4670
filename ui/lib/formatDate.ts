/**
 * The one way the site writes a moment or a record's date, in the reader's time zone (event dates, which are
 * calendar dates of the chapter, are lib/format's formatDate). Nothing, or an unreadable value, gives "".
 */
// Made on first use: creating a formatter is slow (tens of milliseconds on a phone), and public pages, which load
// this module at start-up, write no such date.
let medium: Intl.DateTimeFormat | null = null;
let mediumDate: Intl.DateTimeFormat | null = null;

const when = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The spec's "date medium" (Angular's 'medium'): "Jun 15, 2015, 9:03:01 AM". */
export const formatMedium = (iso: string | null | undefined) => {
  const d = when(iso);
  return d
    ? (medium ??= new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
      })).format(d)
    : "";
};

/** A record's date: "Jun 15, 2015". */
export const formatMediumDate = (iso: string | null | undefined) => {
  const d = when(iso);
  return d ? (mediumDate ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" })).format(d) : "";
};
