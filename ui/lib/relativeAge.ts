const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago a date was, in the wording of spec 001 section 9: under 1 day 'today'; '1 day';
 * under 7 days 'N days'; under 14 '1 week'; under 30 'N weeks'; under 60 '1 month';
 * under 365 'N months'; under 730 '1 year'; otherwise 'N years'.
 */
export function relativeAge(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const days = Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
  if (days < 1) return "today";
  if (days === 1) return "1 day";
  if (days < 7) return `${days} days`;
  if (days < 14) return "1 week";
  if (days < 30) return `${Math.floor(days / 7)} weeks`;
  if (days < 60) return "1 month";
  if (days < 365) return `${Math.floor(days / 30)} months`;
  if (days < 730) return "1 year";
  return `${Math.floor(days / 365)} years`;
}
