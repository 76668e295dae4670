/**
 * CSV for exports (RFC 4180), to be used by any export we add: no export exists yet. Every cell is quoted
 * (quotes doubled), so no text can add a cell or a row; a line break inside a cell stays inside its quotes.
 * Text starting with = + - @ tab or CR is taken for a formula by spreadsheets (CSV injection): such a cell
 * gets a leading apostrophe, which spreadsheets show as text. Numbers we write ourselves are left as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === "number" || typeof value === "bigint") return Number.isFinite(Number(value)) ? String(value) : '""';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows (the first usually the header) as CSV text with CRLF line ends. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
