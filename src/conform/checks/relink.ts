import { answerLine, type BackendAnswer } from '../backend.js'
import { linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, listing, type Linked } from '../link-flow.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const MARKS_ERROR: CheckDef = { id: 'relink.marks-error', rule: 'Integrator-side record and Errors: a 401 or 403 on the account moves the record out of active, to error (needs relinking)' }
export const SAME_ORIGIN: CheckDef = { id: 'relink.same-origin-id', rule: 'Integrator backend routes: relink-integration answers a link token created with the existing origin id' }
export const REACTIVATES: CheckDef = { id: 'relink.reactivates', rule: 'Integrator-side record: after the relink the account token is unchanged and the record is active again' }

interface State {
  readonly probe: BackendAnswer
  readonly listed: string | undefined
}

/**
 * The record's state as the spec's own routes show it: create-link-token for the category answers 400 while
 * the record is active (Integrator-side record: "active → request rejected with 400"), and something else once
 * it is not. The backend's listing, when it offers one, is a second witness.
 */
async function stateOf (kit: Kit, linked: Linked): Promise<State> {
  const probe = await kit.backend.call(linked.user, 'create-link-token', { category: linked.category })
  const listed = (await listing(kit.backend, linked.user))?.find((r) => r.integration_id === linked.integrationId)?.status
  return { probe, listed }
}

/**
 * What the witnesses say: create-link-token counts only when it refused the record while it was surely active
 * (the baseline; a backend that never refuses is link.active-rejected's to judge), the listing when there is one.
 */
function reading (state: State, baseline: State): 'active' | 'not active' | 'mixed' | undefined {
  const witnesses: boolean[] = []
  if (baseline.probe.status === 400) witnesses.push(state.probe.status === 400)
  if (state.listed !== undefined) witnesses.push(state.listed === 'active')
  if (witnesses.length === 0) return undefined
  return witnesses.every((w) => w) ? 'active' : witnesses.every((w) => !w) ? 'not active' : 'mixed'
}

const unseen = (baseline: State): string => `create-link-token answered ${baseline.probe.status} for the record while it was active (see link.active-rejected) and the backend offers no listing: the record's state cannot be seen`
const shown = (s: State): string => `create-link-token for the category answered ${s.probe.status}${s.listed === undefined ? '' : `, the listing says ${s.listed}`}`

/**
 * Integration L: unimock starts answering 401 for it (it needs relinking), check-sync-status (the health
 * check), the record's state; relink-integration, the end user relinks in the widget, the browser sends the
 * public token to exchange, check-sync-status again, the record's state.
 */
export const relinkFamily: Family = {
  name: 'relink',
  phase: 'parallel',
  checks: [MARKS_ERROR, SAME_ORIGIN, REACTIVATES],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked } = await linkQuietly(kit, kit.users.length > 1 ? 1 : 0, ['accounting', 'ats', 'ticketing'])
    const id = integrationIdOf(linked)
    await kit.links.exclusive(linked.user, async () => {
      const baseline = await stateOf(kit, linked)
      const mark = kit.clock.now()
      await kit.world.control.postLinkedAccountsByIdRelinkNeeded({ id: linked.accountId })
      const health = await kit.backend.call(linked.user, 'check-sync-status', { id })
      const refused = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= mark)
      const state = await stateOf(kit, linked)
      if (!refused.some((e) => e.status === 401 || e.status === 403)) found.set(MARKS_ERROR, notApplicable(`check-sync-status made no call the service could refuse with 401 (${answerLine(health)})`))
      else if (reading(state, baseline) === undefined) found.set(MARKS_ERROR, notApplicable(unseen(baseline)))
      else if (reading(state, baseline) === 'not active') found.set(MARKS_ERROR, pass(`after a 401 from the service the record is no longer active: ${shown(state)}`))
      else found.set(MARKS_ERROR, fail('a 401 from the service left the record active', { expected: 'the record in error: create-link-token for its category no longer refused with 400 as for an active record', got: `${shown(state)} (while active: ${shown(baseline)})`, requests: refused.map(line), answers: [answerLine(health), answerLine(state.probe)] }))

      const relink = await kit.backend.call(linked.user, 'relink-integration', { id })
      const token = relink.status === 200 ? (relink.json as { link_token?: unknown }).link_token : undefined
      const issued = typeof token === 'string' ? kit.world.linkToken(token) : undefined
      const asked = (await kit.journal.entries()).filter((e) => e.facets.endpoint === 'link-token' && atMs(e) >= relink.sentAt)
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
      const exchanged = await kit.links.exchange(linked.user, publicToken, { category: linked.category, originId: linked.originId })
      await reactivated(kit, found, linked, exchanged, baseline)
    })
  }
}

async function reactivated (kit: Kit, found: Findings, linked: Linked, exchanged: BackendAnswer, baseline: State): Promise<void> {
  const mark = kit.clock.now()
  const health = await kit.backend.call(linked.user, 'check-sync-status', { id: linked.integrationId })
  const calls = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= exchanged.sentAt)
  const account = await kit.world.account(linked.accountId)
  const state = await stateOf(kit, linked)
  const answers = [answerLine(exchanged), answerLine(health), answerLine(state.probe)]
  const ok = calls.filter((e) => atMs(e) >= mark && e.status === 200)
  const sameToken = account?.account_token === linked.accountToken
  const now = reading(state, baseline)
  if (now === undefined) { found.set(REACTIVATES, notApplicable(unseen(baseline))); return }
  if (now === 'active' && sameToken && (ok.length > 0 || health.status === 200)) {
    found.set(REACTIVATES, pass(`after the relink the record is active again (${shown(state)}) on the unchanged account token`))
    return
  }
  found.set(REACTIVATES, fail('after the relink the record did not come back to active on its account token', {
    expected: 'the record active (create-link-token for its category refused with 400 again) and the account token unchanged',
    got: `${shown(state)}; account token ${sameToken ? 'unchanged' : 'changed'}; check-sync-status answered ${health.status}`, requests: calls.map(line), answers
  }))
}
