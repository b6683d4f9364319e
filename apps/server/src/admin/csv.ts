/**
 * One CSV line (RFC 4180, no line break at its end): a cell holding a comma, a quote or a line
 * break is quoted, its quotes doubled. A cell a spreadsheet would take for a formula (one that
 * begins with =, +, -, @, a tab or a carriage return) is prefixed with ' so it opens as text: a
 * visitor chooses what their claim's cells hold, and an operator opens the file.
 */
export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return cells.map(csvCell).join(',')
}

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  const text = String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
