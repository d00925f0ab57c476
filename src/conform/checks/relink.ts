import { answerLine, type BackendAnswer } from '../backend.js'
import { linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, listing, type Linked } from '../link-flow.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const MARKS_ERROR: CheckDef = { id: 'relink.marks-error', rule: 'Integrator-side record and Errors: a 401 or 403 on the account moves the record to error (needs relinking)' }
export const SAME_ORIGIN: CheckDef = { id: 'relink.same-origin-id', rule: 'Integrator backend routes: relink-integration answers a link token created with the existing origin id' }
export const REACTIVATES: CheckDef = { id: 'relink.reactivates', rule: 'Integrator-side record: after the relink the account token is unchanged and the record is active again' }

/** The record's status in the backend's listing; undefined when it offers no listing (or lists no such id). */
async function statusOf (kit: Kit, linked: Linked): Promise<string | undefined> {
  return (await listing(kit.backend, linked.user))?.find((r) => r.integration_id === linked.integrationId)?.status
}

/**
 * Integration L: unimock starts answering 401 for it (it needs relinking), check-sync-status (the health
 * check), relink-integration, the end user relinks in the widget, the browser sends the public token to
 * exchange, check-sync-status again.
 */
export const relinkFamily: Family = {
  name: 'relink',
  phase: 'parallel',
  checks: [MARKS_ERROR, SAME_ORIGIN, REACTIVATES],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked } = await linkQuietly(kit, kit.users.length > 1 ? 1 : 0, ['accounting', 'ats', 'ticketing'])
    const id = integrationIdOf(linked)
    const hasListing = (await statusOf(kit, linked)) !== undefined

    const mark = kit.clock.now()
    await kit.world.control.postLinkedAccountsByIdRelinkNeeded({ id: linked.accountId })
    const health = await kit.backend.call(linked.user, 'check-sync-status', { integration_id: id })
    const refused = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= mark)
    const status = await statusOf(kit, linked)
    if (!hasListing) found.set(MARKS_ERROR, notApplicable('the backend offers no GET {prefix}/integrations to show the record\'s status'))
    else if (!refused.some((e) => e.status === 401 || e.status === 403)) found.set(MARKS_ERROR, notApplicable(`check-sync-status made no call the service could refuse with 401 (${answerLine(health)})`))
    else if (status === 'error') found.set(MARKS_ERROR, pass('after a 401 from the service the record is in error (needs relinking)'))
    else found.set(MARKS_ERROR, fail('a 401 from the service left the record as it was', { expected: 'status error', got: `status ${String(status)}`, requests: refused.map(line), answers: [answerLine(health)] }))

    await kit.links.exclusive(linked.user, async () => {
      // The record in error: create-link-token for its category (the spec leaves the status open).
      if (status === 'error') kit.links.openAnswers.inError = await kit.backend.call(linked.user, 'create-link-token', { category: linked.category })
      const relink = await kit.backend.call(linked.user, 'relink-integration', { integration_id: id })
      const from = relink.sentAt
      const token = relink.status === 200 ? (relink.json as { link_token?: unknown }).link_token : undefined
      const issued = typeof token === 'string' ? kit.world.linkToken(token) : undefined
      const asked = (await kit.journal.entries()).filter((e) => e.facets.endpoint === 'link-token' && atMs(e) >= from)
      if (issued === undefined || issued.accountId !== linked.accountId) {
        found.set(SAME_ORIGIN, fail('relink-integration did not answer a link token for the existing origin id', {
          expected: `a link token unimock issued for origin id ${linked.originId} (the linked account ${linked.accountId})`,
          got: issued === undefined ? `no link token unimock issued (${relink.status})` : `a token for origin id ${issued.originId}`,
          requests: asked.map(line), answers: [answerLine(relink)]
        }))
        found.set(REACTIVATES, notApplicable('the relink gave no link token for the integration\'s own account to relink with'))
        return
      }
      found.set(SAME_ORIGIN, pass(`relink-integration answered a link token for origin id ${issued.originId}`))
      const publicToken = await kit.links.finish(token as string, 'success')
      const exchanged = await kit.backend.call(linked.user, 'exchange-public-token', { public_token: publicToken })
      await reactivated(kit, found, linked, exchanged, hasListing)
    })
  }
}

async function reactivated (kit: Kit, found: Findings, linked: Linked, exchanged: BackendAnswer, hasListing: boolean): Promise<void> {
  const mark = kit.clock.now()
  const health = await kit.backend.call(linked.user, 'check-sync-status', { integration_id: linked.integrationId })
  const calls = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= exchanged.sentAt)
  const account = await kit.world.account(linked.accountId)
  const status = await statusOf(kit, linked)
  const answers = [answerLine(exchanged), answerLine(health)]
  if (!hasListing) { found.set(REACTIVATES, notApplicable('the backend offers no GET {prefix}/integrations to show the record\'s status')); return }
  const ok = calls.filter((e) => atMs(e) >= mark && e.status === 200)
  if (status === 'active' && account?.account_token === linked.accountToken && ok.length > 0) {
    found.set(REACTIVATES, pass('after the relink the record is active and its calls on the same account token succeed'))
    return
  }
  found.set(REACTIVATES, fail('after the relink the record did not come back to active on its account token', {
    expected: 'status active, and the backend\'s calls on the unchanged account token answered 200',
    got: `status ${String(status)}; ${ok.length} successful call(s) on the account after the relink`, requests: calls.map(line), answers
  }))
}
