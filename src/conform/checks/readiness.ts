import { answerLine, routeBody, type BackendAnswer } from '../backend.js'
import type { Family, Findings } from '../family.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, type Linked } from '../link-flow.js'
import { preset, settled, SHORT_SYNC, statesText, syncNow } from '../syncs.js'
import { fail, notApplicable, pass, type CheckDef, type Evidence } from '../verdict.js'
import type { SyncStatusRecord } from '../world.js'
import { allowedSyncComplete, lastSyncTimeMatches, readingOf } from './readiness-rules.js'

export const SYNC_COMPLETE: CheckDef = {
  id: 'readiness.sync-complete',
  rule: 'Data readiness rules 1-4: sync_complete in every state the kit drives (initial sync running and done; PARTIALLY_SYNCED during and after the initial sync; FAILED; PAUSED; a DISABLED model)'
}
export const LAST_SYNC_TIME: CheckDef = {
  id: 'readiness.last-sync-time',
  rule: 'check-sync-status: last_sync_time is the service\'s latest last_sync_finished'
}

/** One state the kit drove and what check-sync-status answered in it. */
interface Observed {
  readonly state: string
  readonly states: readonly SyncStatusRecord[]
  readonly answer: BackendAnswer
}

/** The initial sync runs this long, so check-sync-status can be asked while it runs. */
const LONG_INITIAL = '1500ms'

/** check-sync-status while unimock's state holds still (asked again if it moved during the call). */
async function observe (kit: Kit, linked: Linked, state: string): Promise<Observed> {
  for (let attempt = 0; ; attempt++) {
    const before = await kit.world.syncStatus(linked.accountId)
    const answer = await kit.backend.call(linked.user, 'check-sync-status', { integration_id: linked.integrationId })
    const after = await kit.world.syncStatus(linked.accountId)
    if (statesText(before) === statesText(after) || attempt === 2) return { state, states: before, answer }
  }
}

/**
 * Two integrations driven through the states of the readiness rules: R1 (its initial sync runs long and
 * ends with one model FAILED, then that model syncs DONE, another PARTIALLY_SYNCED, the account is paused,
 * resumed and a model disabled) and R2 (its initial sync ends with one model PARTIALLY_SYNCED).
 */
export const readinessFamily: Family = {
  name: 'readiness',
  phase: 'parallel',
  checks: [SYNC_COMPLETE, LAST_SYNC_TIME],
  async run (kit: Kit, found: Findings): Promise<void> {
    const [r1, r2] = await Promise.all([
      drive(kit, 0, ['ticketing', 'accounting', 'filestorage'], r1Script),
      drive(kit, kit.users.length > 1 ? 1 : 0, ['hris', 'ticketing', 'accounting'], r2Script)
    ])
    const seen = [...r1, ...r2]
    if (seen.length === 0) return
    judge(found, seen)
  }
}

type Script = (kit: Kit, linked: Linked, seen: Observed[]) => Promise<void>

async function drive (kit: Kit, user: number, preferred: readonly string[], script: { preset: (kit: Kit, accountId: string) => Promise<void>, run: Script }): Promise<Observed[]> {
  const linked = await kit.links.link(user, preferred, { opened: async (o) => { await script.preset(kit, o.accountId) } })
  integrationIdOf(linked)
  const seen: Observed[] = []
  await script.run(kit, linked, seen)
  return seen
}

const r1Script = {
  async preset (kit: Kit, accountId: string): Promise<void> {
    const states = await kit.world.syncStatus(accountId)
    await preset(kit, accountId, 'DONE', LONG_INITIAL)
    await preset(kit, accountId, 'FAILED', LONG_INITIAL, states[0]!.model_id)
  },
  async run (kit: Kit, linked: Linked, seen: Observed[]): Promise<void> {
    seen.push(await observe(kit, linked, 'initial sync running'))
    const states = await settled(kit, linked.accountId)
    const [failed, partial, disabled] = [states[0]!.model_id, states[1]!.model_id, states[2]!.model_id]
    seen.push(await observe(kit, linked, 'a model FAILED in the initial sync'))
    await syncNow(kit, linked.accountId, failed)
    await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'initial sync done'))
    await syncNow(kit, linked.accountId, partial, 'PARTIALLY_SYNCED')
    await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'a model PARTIALLY_SYNCED after the initial sync'))
    await kit.world.control.postLinkedAccountsByIdPause({ id: linked.accountId })
    seen.push(await observe(kit, linked, 'the account PAUSED'))
    await preset(kit, linked.accountId, 'DONE', SHORT_SYNC)
    await kit.world.control.postLinkedAccountsByIdResume({ id: linked.accountId })
    await settled(kit, linked.accountId)
    await kit.world.control.putLinkedAccountsByIdModelsByModelId({ id: linked.accountId, model_id: disabled }, { enabled: false })
    seen.push(await observe(kit, linked, 'a model DISABLED'))
  }
}

const r2Script = {
  async preset (kit: Kit, accountId: string): Promise<void> {
    const states = await kit.world.syncStatus(accountId)
    await preset(kit, accountId, 'PARTIALLY_SYNCED', '300ms', states[0]!.model_id)
  },
  async run (kit: Kit, linked: Linked, seen: Observed[]): Promise<void> {
    await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'a model PARTIALLY_SYNCED in the initial sync'))
  }
}

function judge (found: Findings, seen: readonly Observed[]): void {
  const wrong: string[] = []
  const readings: string[] = []
  const badTime: string[] = []
  for (const o of seen) {
    const body = routeBody(o.answer)
    const answer = body?.sync_complete
    const allowed = allowedSyncComplete(o.states)
    if (o.answer.status !== 200 || typeof answer !== 'boolean' || !allowed.answers.includes(answer)) {
      wrong.push(`${o.state} (${statesText(o.states)}): ${allowed.readings}; got ${typeof answer === 'boolean' ? String(answer) : `status ${o.answer.status}`}`)
    } else if (allowed.answers.length > 1) {
      readings.push(`${o.state}: ${String(answer)}, the reading of ${readingOf(answer, o.states)}`)
    }
    if (o.answer.status === 200 && body !== undefined) {
      const time = lastSyncTimeMatches(body.last_sync_time, o.states)
      if (!time.ok) badTime.push(`${o.state}: expected ${time.expected}, got ${JSON.stringify(body.last_sync_time)}`)
    }
  }
  const answers = seen.map((o) => `[${o.state}] ${answerLine(o.answer)}`)
  if (wrong.length === 0) {
    found.set(SYNC_COMPLETE, pass(`sync_complete as the rules allow in ${seen.length} states${readings.length === 0 ? '' : `; where the rules disagree: ${readings.join('; ')}`}`))
  } else {
    const evidence: Evidence = { expected: 'sync_complete as the readiness rules compute it from unimock\'s sync status', got: wrong.join(' | '), answers }
    found.set(SYNC_COMPLETE, fail(`sync_complete broke the readiness rules in ${wrong.length} of ${seen.length} states`, evidence))
  }
  const timed = seen.filter((o) => o.answer.status === 200)
  if (timed.length === 0) found.set(LAST_SYNC_TIME, notApplicable('check-sync-status never answered 200'))
  else if (badTime.length === 0) found.set(LAST_SYNC_TIME, pass(`last_sync_time was the latest last_sync_finished in ${timed.length} states`))
  else found.set(LAST_SYNC_TIME, fail(`last_sync_time was not the latest last_sync_finished in ${badTime.length} states`, { expected: 'the latest last_sync_finished of the models', got: badTime.join(' | '), answers }))
}
