import { fingerprint } from '../../core/fingerprint.js'
import type { Family, Findings } from '../family.js'
import { line } from '../journal.js'
import type { Kit } from '../kit.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const EXCHANGE_ONCE: CheckDef = {
  id: 'exchange.once',
  rule: 'Tokens: the public_token is exchanged once'
}

/** Judged at the end of the run, so a second exchange made later (in the background) is seen too. */
export const exchangeOnceFamily: Family = {
  name: 'exchange-once',
  phase: 'last',
  needs: ['link'],
  checks: [EXCHANGE_ONCE],
  async run (kit: Kit, found: Findings): Promise<void> {
    const sent = kit.links.exchanged
    if (sent.length === 0) { found.set(EXCHANGE_ONCE, notApplicable('no link flow reached the exchange')); return }
    const entries = (await kit.journal.entries()).filter((e) => e.facets.endpoint === 'exchange' || e.facets.endpoint === 'account-token')
    const counts = sent.map((token) => ({ fp: fingerprint(token), calls: entries.filter((e) => e.facets.public_token_fp === fingerprint(token)) }))
    const wrong = counts.filter((c) => c.calls.length !== 1)
    if (wrong.length === 0) {
      found.set(EXCHANGE_ONCE, pass(`each of ${sent.length} public tokens was exchanged at unimock exactly once`))
      return
    }
    found.set(EXCHANGE_ONCE, fail(`${wrong.length} of ${sent.length} public tokens were not exchanged exactly once`, {
      expected: 'one exchange at the service per public token the browser sent',
      got: wrong.map((c) => `public token ${c.fp}: ${c.calls.length} exchange(s)`).join('; '),
      requests: wrong.flatMap((c) => c.calls.map(line))
    }))
  }
}
