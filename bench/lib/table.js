/** Plain-text tables: numbers right-aligned, text left-aligned, so results can be pasted into a note. */

export function formatNumber (value, digits = 0) {
  if (typeof value !== 'number') return String(value ?? '')
  if (!Number.isFinite(value)) return 'n/a'
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/**
 * @param {string[]} headers
 * @param {Array<Array<string|number>>} rows cells already formatted, or numbers (printed with 0 decimals)
 */
export function renderTable (headers, rows) {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : String(cell ?? ''))))
  // A column whose every filled cell starts with a figure is right-aligned.
  const numeric = headers.map((_, i) => cells.every((row) => (row[i] ?? '') === '' || /^(n\/a|[-+]?[\d.,]+)/.test(row[i])))
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)))
  const line = (row) => row.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd()
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

export function printTable (headers, rows) {
  process.stdout.write(renderTable(headers, rows) + '\n')
}
