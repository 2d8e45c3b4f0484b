// CSV for the credit history download (docs/product.md#credit-history, docs/decisions/0075-ledger-csv.md):
// RFC 4180 quoting, and text that a spreadsheet would run as a formula defused.

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * One cell. Numbers are written as they are (a negative amount stays a number); text that starts like a
 * formula gets a leading apostrophe, which spreadsheets show as text; a cell with a comma, quote or line break
 * is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line, ended by CRLF as RFC 4180 has it. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`
