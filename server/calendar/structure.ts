/**
 * A structural check of an iCalendar text (RFC 5545), used by the feed tests: CRLF line ends, lines folded at
 * 75 octets, VERSION and PRODID, UID and DTSTAMP on every VEVENT, a VTIMEZONE for every TZID, and calendar
 * properties only before the first component. Returns the problems found (empty when the text is sound).
 */
export function icalProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith("\r\n")) problems.push("the last line does not end with CRLF");
  if (/[^\r]\n/.test(text) || /\r(?!\n)/.test(text)) problems.push("a line ends without CRLF");
  const physical = text.split("\r\n").slice(0, -1);
  physical.forEach((line, i) => {
    if (Buffer.byteLength(line, "utf8") > 75) problems.push(`line ${i + 1} is ${Buffer.byteLength(line, "utf8")} octets: ${line.slice(0, 40)}`);
  });
  // Unfold: a line starting with a space or tab continues the previous one.
  const lines: string[] = [];
  for (const line of physical) {
    if (/^[ \t]/.test(line) && lines.length) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  if (lines[0] !== "BEGIN:VCALENDAR") problems.push("does not start with BEGIN:VCALENDAR");
  if (lines.at(-1) !== "END:VCALENDAR") problems.push("does not end with END:VCALENDAR");
  const stack: string[] = [];
  let seenComponent = false;
  const calendarProps = new Set<string>();
  let event: Set<string> | null = null;
  const tzids = new Set<string>();
  const usedTzids = new Set<string>();
  let events = 0;
  for (const line of lines) {
    const name = line.split(/[;:]/, 1)[0].toUpperCase();
    const value = line.slice(line.indexOf(":") + 1);
    if (!/^[A-Z0-9-]+$/.test(name) || !line.includes(":")) problems.push(`not a content line: ${line.slice(0, 40)}`);
    if (name === "BEGIN") {
      if (stack.length === 1) seenComponent = true;
      stack.push(value);
      if (value === "VEVENT") event = new Set();
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) problems.push(`END:${value} does not close the open component`);
      if (value === "VEVENT" && event) {
        events++;
        for (const required of ["UID", "DTSTAMP", "DTSTART"]) if (!event.has(required)) problems.push(`a VEVENT has no ${required}`);
        event = null;
      }
      continue;
    }
    const tzid = /;TZID=([^;:]+)/.exec(line)?.[1];
    if (tzid) usedTzids.add(tzid);
    if (stack.length === 1) {
      if (seenComponent) problems.push(`calendar property ${name} after a component`);
      calendarProps.add(name);
    } else if (stack.at(-1) === "VEVENT" && event) {
      event.add(name);
    } else if (stack.at(-1) === "VTIMEZONE" && name === "TZID") {
      tzids.add(value);
    }
  }
  if (stack.length) problems.push(`unclosed component ${stack.join(" > ")}`);
  for (const required of ["VERSION", "PRODID"]) if (!calendarProps.has(required)) problems.push(`no ${required}`);
  if (!lines.includes("VERSION:2.0")) problems.push("VERSION is not 2.0");
  for (const tz of usedTzids) if (!tzids.has(tz)) problems.push(`no VTIMEZONE for TZID ${tz}`);
  if (!events && lines.some((l) => l === "BEGIN:VEVENT")) problems.push("VEVENTs were not closed");
  return problems;
}

/** Number of VEVENTs in a feed. */
export const countEvents = (text: string) => text.split("\r\nBEGIN:VEVENT\r\n").length - 1;
