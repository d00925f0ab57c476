import { parseTimestamp } from '../../../core/timestamps.js'
import type { JournalEntry } from '../journal/journal-entry.js'

export const isOk = (e: JournalEntry): boolean => e.status >= 200 && e.status < 300

/** An ISO timestamp parameter in microseconds, or undefined when absent or unparsable. */
export function micros (value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = parseTimestamp(value)
  return parsed.ok ? parsed.micros : undefined
}

/** The query parameters that define a list, in a canonical form: all but the ones named. */
export function paramsKey (e: JournalEntry, without: readonly string[]): string {
  return Object.keys(e.query)
    .filter((k) => !without.includes(k))
    .sort()
    .map((k) => {
      const v = e.query[k]!
      return `${k}=${typeof v === 'string' ? v : v.join(',')}`
    })
    .join('&')
}

/** Entries grouped by a key, each group in journal order. */
export function groupBy (entries: readonly JournalEntry[], key: (e: JournalEntry) => string | undefined): Map<string, JournalEntry[]> {
  const groups = new Map<string, JournalEntry[]>()
  for (const e of entries) {
    const k = key(e)
    if (k === undefined) continue
    const list = groups.get(k)
    if (list === undefined) groups.set(k, [e]); else list.push(e)
  }
  return groups
}
