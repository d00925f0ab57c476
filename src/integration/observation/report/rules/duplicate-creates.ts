import type { JournalEntry } from '../../journal/journal-entry.js'
import type { Occurrence, Rule } from '../report-input.js'

/**
 * A create answered 201 and then sent again with the same body (not replayed under an Idempotency-Key): the
 * third party now holds the record twice.
 */
export const duplicateCreates: Rule = {
  code: 'duplicate_creates',
  severity: 'error',
  title: 'A create was retried after it succeeded: the record now exists twice',
  advice: 'A 201 means the record exists: keep its id. Retry a create only when no answer came back, and then under the same Idempotency-Key so the service replays the first answer instead of writing again.',
  find (input) {
    const out: Occurrence[] = []
    const created = new Map<string, JournalEntry>()
    for (const e of input.entries) {
      const w = e.facets.write
      if (w?.kind !== 'create' || w.outcome !== 'written') continue
      const same = `${e.accountId ?? ''}|${e.path}|${w.body}`
      const first = created.get(same)
      if (first !== undefined) out.push({ requests: [first, e], accounts: [e.accountId] })
      else created.set(same, e)
    }
    return out
  }
}
