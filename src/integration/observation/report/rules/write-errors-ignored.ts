import type { JournalEntry } from '../../journal/journal-entry.js'
import type { Occurrence, Rule } from '../report-input.js'

/**
 * A write refused with `errors` sent again unchanged (same path, same body, same account): the errors say what
 * to fix, and the same request will be refused again.
 */
export const writeErrorsIgnored: Rule = {
  code: 'write_errors_ignored',
  severity: 'warning',
  title: 'A write refused with errors was sent again unchanged',
  advice: 'Read the errors of a refused write (each names a field by source.pointer), fix the request, then send it; /meta/post tells the fields and required parameters up front.',
  find (input) {
    const out: Occurrence[] = []
    const refused = new Map<string, JournalEntry>()
    for (const e of input.entries) {
      const w = e.facets.write
      if (w === undefined) continue
      const same = `${e.accountId ?? ''}|${e.method} ${e.path}|${w.body}`
      const before = refused.get(same)
      if (before !== undefined) out.push({ requests: [before, e], accounts: [e.accountId] })
      if (w.outcome === 'refused') refused.set(same, e)
      else refused.delete(same)
    }
    return out
  }
}
