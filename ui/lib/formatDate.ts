/** Dates as the admin screens show them, in the reader's time zone. */
const medium = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" });
const mediumDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Angular's 'medium': "Jun 15, 2015, 9:03:01 AM". */
export const formatMedium = (iso: string) => medium.format(new Date(iso));
/** "Jun 15, 2015". */
export const formatMediumDate = (iso: string) => mediumDate.format(new Date(iso));
