import type { Occurrence, Rule } from '../report-input.js'

/** A write retried under an Idempotency-Key with a different body (refused 400); cites the key's earlier uses. */
export const idempotencyKeyReused: Rule = {
  code: 'idempotency_key_reused',
  severity: 'error',
  title: 'An Idempotency-Key was reused for a different write',
  advice: 'Send a new Idempotency-Key (a UUID v4) for every new write, and the same key only to retry the very same request.',
  find (input) {
    const out: Occurrence[] = []
    for (const e of input.entries) {
      const w = e.facets.write
      if (w?.outcome !== 'conflict' || w.key === undefined) continue
      const earlier = input.entries.filter((x) => x.id < e.id && x.facets.write?.key === w.key && x.accountId === e.accountId)
      out.push({ requests: [...earlier, e], accounts: [e.accountId] })
    }
    return out
  }
}
