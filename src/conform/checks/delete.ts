import { answerLine } from '../backend.js'
import { linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, listing, type Linked } from '../link-flow.js'
import { fail, pass, type CheckDef } from '../verdict.js'

export const DELETE_FIRST: CheckDef = {
  id: 'delete.service-first',
  rule: 'Integrator backend routes: delete-integration deletes at the service first, then locally; 404 afterwards'
}

/** How long a call may take while the service answers 500: up to a few retries with backoff. */
const RETRYING_MS = 20_000

/** Whether the backend still has the integration: its listing, or check-sync-status not answering 404. */
async function stillThere (kit: Kit, linked: Linked): Promise<{ there: boolean, how: string }> {
  const rows = await listing(kit.backend, linked.user)
  if (rows !== undefined) return { there: rows.some((r) => r.integration_id === linked.integrationId), how: 'GET {prefix}/integrations' }
  const answer = await kit.backend.call(linked.user, 'check-sync-status', { id: linked.integrationId })
  return { there: answer.status !== 404, how: answerLine(answer) }
}

/**
 * Integration D (the link family's, else one of its own), linked and synced. The order is seen through a failure: while unimock answers 500 to the account's delete-account, a backend
 * that deletes at the service first keeps its record (and answers an error); one that deletes locally first
 * has lost it. Then, the service answering again, the delete goes through, and a second one answers 404.
 */
export const deleteFamily: Family = {
  name: 'delete',
  phase: 'parallel',
  checks: [DELETE_FIRST],
  async run (kit: Kit, found: Findings): Promise<void> {
    // The link family's integration is idle once the guard is over: reused, it leaves a category to another check.
    const first = kit.links.first
    const linked = first !== undefined && (await kit.world.account(first.accountId)) !== undefined ? first : (await linkQuietly(kit, 0, ['ats', 'accounting', 'ticketing'])).linked
    integrationIdOf(linked)
    await judgeDelete(kit, found, linked)
  }
}

async function judgeDelete (kit: Kit, found: Findings, linked: Linked): Promise<void> {
  const { control } = kit.world
  const id = linked.integrationId
  const fault = await control.postFaults({ kind: 'status', status: 500, scope: { account: linked.accountId, path: `/api/${linked.category}/v1/delete-account` } })
  // While the service refuses, the backend retries as it sees fit: the order is judged here, not the time its retries take.
  const refused = await kit.backend.call(linked.user, 'delete-integration', { id }, Math.max(kit.backend.timeoutMs, RETRYING_MS))
  await control.deleteFaultsById({ id: String(fault.id) })
  const kept = await stillThere(kit, linked)
  const deleted = await kit.backend.call(linked.user, 'delete-integration', { id })
  const gone = (await kit.world.account(linked.accountId)) === undefined
  const again = await kit.backend.call(linked.user, 'delete-integration', { id })
  const calls = (await kit.journal.entries({ account: linked.accountId })).filter((e) => e.facets.endpoint === 'delete-account' && atMs(e) >= refused.sentAt)
  const answers = [refused, deleted, again].map(answerLine)
  const problems: string[] = []
  if (refused.status < 500 || !kept.there) problems.push(`while the service refused the delete, delete-integration answered ${refused.status} and the integration was ${kept.there ? 'kept' : 'gone'} (${kept.how})`)
  if (deleted.status !== 200 || !gone) problems.push(`once the service answered again, delete-integration answered ${deleted.status} and the account was ${gone ? 'deleted' : 'still there'} at unimock`)
  if (again.status !== 404) problems.push(`a second delete-integration answered ${again.status}`)
  if (calls.length === 0) problems.push('no delete-account reached unimock')
  if (problems.length === 0) {
    found.set(DELETE_FIRST, pass('delete-integration kept the record while the service refused, deleted at unimock, then answered 404'))
    return
  }
  found.set(DELETE_FIRST, fail('delete-integration did not delete at the service first', {
    expected: 'an error and the record kept while the service refuses; then deleted at the service and locally; then 404',
    got: problems.join('; '), requests: calls.map(line), answers
  }))
}
