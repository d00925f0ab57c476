import { answerLine, routeBody, type BackendAnswer } from '../backend.js'
import type { Family, Findings } from '../family.js'
import { atMs, isList, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, type Linked } from '../link-flow.js'
import { preset, settled, SHORT_SYNC, statesText, syncNow } from '../syncs.js'
import { fail, notApplicable, pass, type CheckDef, type Evidence } from '../verdict.js'
import type { SyncStatusRecord } from '../world.js'
import { awaitFetch, pollWait, type Fetched } from '../waits.js'
import { allowedSyncComplete, lastSyncTimeMatches, readingOf } from './readiness-rules.js'

export const SYNC_COMPLETE: CheckDef = {
  id: 'readiness.sync-complete',
  rule: 'Data readiness rules 1-4: sync_complete in every state the kit drives (initial sync running; ended FAILED and PARTIALLY_SYNCED; done; PARTIALLY_SYNCED after it; PAUSED; a DISABLED model)'
}
export const INITIAL_FETCH: CheckDef = {
  id: 'readiness.initial-fetch',
  rule: 'Events 1 and Data readiness rule 2: during the initial sync, a model whose sync did not end DONE is not fetched until it is, and is fetched once it is'
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
    const answer = await kit.backend.call(linked.user, 'check-sync-status', { id: linked.integrationId })
    const after = await kit.world.syncStatus(linked.accountId)
    if (statesText(before) === statesText(after) || attempt === 2) return { state, states: before, answer }
  }
}

/**
 * Integration R, driven through the states of the readiness rules: its initial sync runs long and ends with
 * one model FAILED and every other PARTIALLY_SYNCED (nothing may be fetched yet: readiness.initial-fetch); then
 * the others DONE while that one fails again; then it DONE too (now each kept model must be fetched); one
 * PARTIALLY_SYNCED after the initial sync, the account paused, resumed and a model disabled. check-sync-status
 * in each state.
 */
export const readinessFamily: Family = {
  name: 'readiness',
  phase: 'parallel',
  checks: [SYNC_COMPLETE, LAST_SYNC_TIME, INITIAL_FETCH],
  async run (kit: Kit, found: Findings): Promise<void> {
    const linked = await kit.links.link(0, ['ticketing', 'accounting', 'filestorage'], { opened: async (o) => { await presetInitial(kit, o.accountId) } })
    integrationIdOf(linked)
    const seen: Observed[] = []
    seen.push(await observe(kit, linked, 'initial sync running'))
    const states = await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'initial sync ended: one model FAILED, the others PARTIALLY_SYNCED'))
    // Time for a backend to act on the initial sync's webhooks, or on a quick poll of its own.
    await kit.clock.sleep(kit.pollMs !== undefined && kit.pollMs <= 5000 ? pollWait(kit.pollMs) : 1500)
    const failed = states[0]!.model_id
    // Every model DONE but the FAILED one, which fails again (its initial sync still not DONE); then it too.
    const othersDone = kit.clock.now()
    await preset(kit, linked.accountId, 'DONE', SHORT_SYNC)
    await preset(kit, linked.accountId, 'FAILED', SHORT_SYNC, failed)
    await kit.world.control.postLinkedAccountsByIdSyncNow({ id: linked.accountId }, {})
    const others = await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'a model FAILED in the initial sync, the others DONE'))
    const lastDone = kit.clock.now()
    await syncNow(kit, linked.accountId, failed)
    const done = await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'every model DONE: the initial sync is over'))
    const doneMarks = [...others.filter((s) => s.model_id !== failed), ...done.filter((s) => s.model_id === failed)].map((s) => s.last_sync_finished).filter((f): f is string => f !== null)
    const fetched = await awaitFetch(kit, linked, doneMarks)
    await judgeInitialFetch(kit, found, linked, states, (model) => model === failed ? lastDone : othersDone, fetched)

    const partial = states[1]!.model_id
    await syncNow(kit, linked.accountId, partial, 'PARTIALLY_SYNCED')
    await settled(kit, linked.accountId)
    seen.push(await observe(kit, linked, 'a model PARTIALLY_SYNCED after the initial sync'))
    await kit.world.control.postLinkedAccountsByIdPause({ id: linked.accountId })
    seen.push(await observe(kit, linked, 'the account PAUSED'))
    await preset(kit, linked.accountId, 'DONE', SHORT_SYNC)
    await kit.world.control.postLinkedAccountsByIdResume({ id: linked.accountId })
    await settled(kit, linked.accountId)
    await kit.world.control.putLinkedAccountsByIdModelsByModelId({ id: linked.accountId, model_id: states[2]!.model_id }, { enabled: false })
    seen.push(await observe(kit, linked, 'a model DISABLED'))
    judge(found, seen)
  }
}

/** Before the end user finishes: the initial sync runs long, one model ends FAILED and every other PARTIALLY_SYNCED. */
async function presetInitial (kit: Kit, accountId: string): Promise<void> {
  const states = await kit.world.syncStatus(accountId)
  await preset(kit, accountId, 'PARTIALLY_SYNCED', LONG_INITIAL)
  await preset(kit, accountId, 'FAILED', LONG_INITIAL, states[0]!.model_id)
}

/**
 * Events 1 and readiness rule 2: until a model's initial sync has ended DONE, it may not be fetched (every read
 * of it before the kit's sync that made it DONE is one too many); once it is, a fetch carries that sync's
 * last_sync_finished.
 */
async function judgeInitialFetch (kit: Kit, found: Findings, linked: Linked, initial: readonly SyncStatusRecord[], doneFrom: (model: string) => number, fetched: Fetched): Promise<void> {
  const early = (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) && atMs(e) < doneFrom(String(e.facets.model)))
  if (early.length > 0) {
    const models = [...new Set(early.map((e) => e.facets.model))].map((m) => `${String(m)} ${initial.find((s) => s.model_id === m)?.status ?? ''}`)
    found.set(INITIAL_FETCH, fail('the backend fetched models whose initial sync had not ended DONE', {
      expected: 'no fetch during the initial sync of a model whose last_sync_result is not DONE (Events 1, readiness rule 2)',
      got: `${early.length} read(s) of ${models.join(', ')} while the initial sync had ended ${statesText(initial)}`, requests: early.slice(0, 6).map(line)
    }))
    return
  }
  if (fetched.fetches.length > 0) {
    found.set(INITIAL_FETCH, pass(`nothing fetched while every model's initial sync had ended FAILED or PARTIALLY_SYNCED; ${[...new Set(fetched.fetches.map((f) => f.model))].join(', ')} fetched once DONE (${fetched.how ?? ''})`))
    return
  }
  const later = (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) && atMs(e) >= doneFrom(String(e.facets.model)))
  if (later.length > 0) {
    found.set(INITIAL_FETCH, notApplicable(`nothing was fetched early; once DONE the backend fetched, but no read carried the DONE sync's last_sync_finished as modified_before (see incremental.first-fetch), so which sync it fetched cannot be told: ${line(later[0]!)}`))
    return
  }
  if (kit.pollMs === undefined) {
    found.set(INITIAL_FETCH, notApplicable('nothing was fetched early, and once every model was DONE neither a webhook nor check-sync-status made the backend fetch; give --poll-interval D and the kit waits for its own poll'))
    return
  }
  found.set(INITIAL_FETCH, fail('once every model\'s initial sync had ended DONE the backend fetched nothing', {
    expected: 'a fetch of the models it keeps once they are DONE (Events 1)', got: `no fetch carrying the DONE sync's last_sync_finished within the poll interval and a margin${fetched.answer === undefined ? '' : `; check-sync-status: ${answerLine(fetched.answer)}`}`
  }))
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
