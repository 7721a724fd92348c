/**
 * CSV for spreadsheets: every cell quoted, quotes doubled, and a cell that a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
