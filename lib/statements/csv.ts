/**
 * CSV cells and lines (RFC 4180). No CSV package is installed and none may be added here, and the
 * rules are few: quote a cell holding a comma, a quote, CR or LF (doubling its quotes), and
 * neutralise a text cell a spreadsheet would run as a formula (OWASP "CSV injection": a leading
 * = + - @, tab or CR) by prefixing a single quote. Amounts are not text: they are written as
 * decimal numbers, so a negative amount stays a number.
 */
export type CsvCell = string | null | undefined | { decimal: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if (!/^-?\d+(\.\d+)?$/.test(value.decimal)) throw new Error(`Not a decimal amount: ${JSON.stringify(value.decimal)}`);
    return value.decimal;
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 says. */
export function csvLine(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
