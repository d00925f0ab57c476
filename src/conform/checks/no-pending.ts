import { randomBytes } from 'node:crypto'
import { fingerprint } from '../../core/fingerprint.js'
import { answerLine } from '../backend.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { fail, pass, type CheckDef } from '../verdict.js'

export const NO_PENDING: CheckDef = {
  id: 'exchange.no-pending',
  rule: 'Integrator backend routes: exchange answers 404 without a pending record'
}

/**
 * Before user 1 holds any record, the kit sends exchange-public-token a public token that is real (the kit
 * asked unimock for its link token itself, for an origin id of its own) but that no record of the backend
 * awaits: the answer must be 404.
 */
export const noPendingFamily: Family = {
  name: 'no-pending',
  phase: 'first',
  checks: [NO_PENDING],
  async run (kit: Kit, found: Findings): Promise<void> {
    const user = kit.links.user(0)
    const originId = `conform-kit-${randomBytes(4).toString('hex')}`
    const linkToken = await kit.world.kitLinkToken('hris', originId)
    const publicToken = (await kit.links.finish(linkToken, 'success'))!
    const answer = await kit.backend.call(user, 'exchange-public-token', { publicToken, category: 'hris', originId })
    const fp = fingerprint(publicToken)
    const exchanged = (await kit.journal.entries()).filter((e) => e.facets.public_token_fp === fp && atMs(e) >= answer.sentAt)
    const note = exchanged.length === 0 ? '' : ` (after exchanging the token at unimock: ${exchanged.length} call)`
    if (answer.status === 404) {
      found.set(NO_PENDING, pass(`exchange with no pending record answered 404${note}`))
    } else {
      found.set(NO_PENDING, fail('exchange with no pending record for the user was not refused with 404', {
        expected: '404: no pending record for the origin id', got: String(answer.status), answers: [answerLine(answer)], requests: exchanged.map(line)
      }))
    }
  }
}
