import { parseTimestamp } from '../../core/timestamps.js'
import { fetchedSince, firstPage, linkQuietly, type Fetch } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { answeredMs, atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { sameInstant } from '../marks.js'
import type { Linked } from '../link-flow.js'
import { settled, syncNow } from '../syncs.js'
import { pollQuietly } from '../timing.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'
import type { SyncStatusRecord } from '../world.js'
import { describeGaps, findGaps } from './gap-detector.js'
import { unfollowed } from './pagination.js'

export const FIRST_FETCH: CheckDef = { id: 'incremental.first-fetch', rule: 'Incremental retrieval 3: the first fetch sets only modified_before = last_sync_finished' }
export const WINDOW: CheckDef = { id: 'incremental.window', rule: 'Incremental retrieval 3: later fetches set modified_after = the stored start time and modified_before = the new last_sync_finished' }
export const NO_GAPS: CheckDef = { id: 'incremental.no-gaps', rule: 'Incremental retrieval 2 and 4: every record the service changed is fetched (the start time is stored, not the end time)' }

/** How long the backend's first data read after the second sync is held, so the kit can change records meanwhile. */
const HOLD_MS = 800
/** New records in one model: more than page_size's maximum (100), so the fetch of the changes needs a second page. */
const PAGE_OVER = 120

const us = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const parsed = parseTimestamp(value)
  return parsed.ok ? parsed.micros : undefined
}
const finishedOf = (states: readonly SyncStatusRecord[], model: string): string | null => states.find((s) => s.model_id === model)?.last_sync_finished ?? null

/**
 * Integration I: the first fetch after the initial sync; records changed and a sync; while the backend
 * fetches that sync's changes (its first read held back) the kit changes more records; one more sync. Each
 * model's fetches are judged on their windows, and what the backend got against what the service holds.
 */
export const incrementalFamily: Family = {
  name: 'incremental',
  phase: 'parallel',
  checks: [FIRST_FETCH, WINDOW, NO_GAPS],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, initial, first } = await linkQuietly(kit, 0, ['crm', 'ats', 'hris'])
    if (first === undefined) {
      found.set(FIRST_FETCH, fail('the backend fetched nothing after the initial sync', { expected: 'a fetch of each model it keeps, once the initial sync completed', got: 'no complete fetch within 8 s' }))
      for (const c of [WINDOW, NO_GAPS]) found.set(c, notApplicable('the backend fetched nothing to judge'))
      return
    }
    judgeFirst(found, first, initial)
    const models = [...new Set(first.map((f) => f.model))]
    const [held] = models

    // Records changed, a sync, and while the backend reads that sync's changes, more records changed: until
    // they fell inside the read (a busy machine can make the kit miss the read once; it tries again).
    const snapshots: Array<readonly SyncStatusRecord[]> = [initial]
    const later: Fetch[] = []
    let during = false
    for (let attempt = 0; attempt < 2 && !during; attempt++) {
      const mark = kit.clock.now()
      // More records than one page of the largest page size holds, in the first round: every run has a fetch that must page.
      for (const model of models) await kit.world.control.postLinkedAccountsByIdDataRemoteChanges({ id: linked.accountId }, { model_id: model, created: model === held && attempt === 0 ? PAGE_OVER : 3, changed: 5 })
      during = await changeWhileReading(kit, linked, held!, snapshots)
      later.push(...(await fetchedSince(kit, linked, mark) ?? []))
    }
    const mark2 = kit.clock.now()
    await syncNow(kit, linked.accountId)
    const states2 = await settled(kit, linked.accountId)
    snapshots.push(states2)
    const third = await fetchedSince(kit, linked, mark2)

    judgeWindows(found, [...first, ...later, ...(third ?? [])], snapshots)
    // The truth is what the service holds up to the last sync: judged only once the backend fetched it.
    if (third === undefined) found.set(NO_GAPS, notApplicable('the backend did not fetch the last sync within 8 s, so its copy cannot be compared yet'))
    else await judgeGaps(kit, found, linked, [...first, ...later, ...third], states2, during)
  }
}

/**
 * A sync whose first read of `model` unimock holds HOLD_MS; once that read has arrived the kit changes records
 * of the model (a sync pass stamps them now). Whether their stamp fell inside the read: after the backend's
 * start time, before its end, and after the sync's last_sync_finished.
 */
async function changeWhileReading (kit: Kit, linked: Linked, model: string, snapshots: Array<readonly SyncStatusRecord[]>): Promise<boolean> {
  const fault = await kit.world.control.postFaults({ kind: 'latency', latency: `${HOLD_MS}ms`, scope: { account: linked.accountId, model }, count: 1 })
  const mark = kit.clock.now()
  await syncNow(kit, linked.accountId)
  snapshots.push(await settled(kit, linked.accountId))
  const hit = await pollQuietly(kit.clock, async () => {
    const f = (await kit.world.control.getFaults()).results.find((x) => x.id === fault.id)
    return f !== undefined && f.hits > 0 ? true : undefined
  }, { timeoutMs: 4000, everyMs: 10 })
  let stamp: string | undefined
  if (hit === true) {
    await kit.world.control.postLinkedAccountsByIdDataRemoteChanges({ id: linked.accountId }, { model_id: model, created: 2, changed: 4 })
    stamp = (await kit.world.control.postLinkedAccountsByIdDataSyncPass({ id: linked.accountId }, { model_id: model })).results[0]?.modified_at
  }
  await fetchedSince(kit, linked, mark)
  await kit.world.control.deleteFaultsById({ id: String(fault.id) })
  const read = (await kit.journal.entries({ account: linked.accountId })).find((e) => e.facets.model === model && atMs(e) >= mark && e.duration_ms >= HOLD_MS - 50)
  const at = us(stamp)
  return read !== undefined && at !== undefined && at > atMs(read) * 1000 && at < answeredMs(read) * 1000
}

function judgeFirst (found: Findings, fetches: readonly Fetch[], states: readonly SyncStatusRecord[]): void {
  const first = [...new Set(fetches.map((f) => f.model))].map((model) => fetches.find((f) => f.model === model)!)
  const wrong = first.filter((f) => {
    const q = firstPage(f).facets
    return q.modified_after !== undefined || !sameInstant(q.modified_before, finishedOf(states, f.model))
  })
  if (wrong.length === 0) {
    found.set(FIRST_FETCH, pass(`the first fetch of ${first.map((f) => f.model).join(', ')} set only modified_before = last_sync_finished`))
    return
  }
  found.set(FIRST_FETCH, fail('a first fetch did not set only modified_before = last_sync_finished', {
    expected: wrong.map((f) => `${f.model}: modified_before=${String(finishedOf(states, f.model))} and no modified_after`).join('; '),
    got: wrong.map((f) => `modified_after=${String(firstPage(f).facets.modified_after)}, modified_before=${String(firstPage(f).facets.modified_before)}`).join('; '),
    requests: wrong.map((f) => line(firstPage(f)))
  }))
}

function judgeWindows (found: Findings, fetches: readonly Fetch[], snapshots: ReadonlyArray<readonly SyncStatusRecord[]>): void {
  const problems: string[] = []
  const judged: Fetch[] = []
  for (const model of new Set(fetches.map((f) => f.model))) {
    const mine = fetches.filter((f) => f.model === model)
    const finishes = snapshots.map((s) => finishedOf(s, model))
    for (let i = 1; i < mine.length; i++) {
      judged.push(mine[i]!)
      const q = firstPage(mine[i]!).facets
      const previous = firstPage(mine[i - 1]!).facets.modified_before
      if (q.modified_after === undefined || q.modified_before === undefined) problems.push(`${model}: modified_after=${String(q.modified_after)}, modified_before=${String(q.modified_before)} (both are needed)`)
      else if (!finishes.some((f) => sameInstant(q.modified_before, f))) problems.push(`${model}: modified_before=${q.modified_before} is none of the model's last_sync_finished (${finishes.join(', ')})`)
      else if (previous !== undefined && (us(q.modified_after) ?? 0) < (us(previous) ?? 0) - 1000) problems.push(`${model}: modified_after=${q.modified_after} is earlier than the previous fetch's window end ${previous}: the fetch is not incremental`)
    }
  }
  if (judged.length === 0) { found.set(WINDOW, notApplicable('the backend fetched no model a second time after the kit\'s syncs')); return }
  if (problems.length === 0) { found.set(WINDOW, pass(`${judged.length} later fetches set modified_after (the stored start) and modified_before (the new last_sync_finished)`)); return }
  found.set(WINDOW, fail(`${problems.length} of ${judged.length} later fetches had the wrong window`, {
    expected: 'modified_after = the stored start time of the previous fetch, modified_before = the new last_sync_finished', got: problems.join(' | '), requests: judged.map((f) => line(firstPage(f)))
  }))
}

/** Models fetched twice with the same modified_before: a fetch on a last_sync_finished that was not newer. */
function refetched (fetches: readonly Fetch[]): string[] {
  const seen = new Set<string>()
  const again = new Set<string>()
  for (const f of fetches) {
    const key = `${f.model} ${String(us(firstPage(f).facets.modified_before))}`
    if (seen.has(key)) again.add(f.model)
    seen.add(key)
  }
  return [...again]
}

async function judgeGaps (kit: Kit, found: Findings, linked: Linked, fetches: readonly Fetch[], states: readonly SyncStatusRecord[], changedDuringFetch: boolean): Promise<void> {
  const pages = kit.world.pages.pagesOf(linked.accountToken)
  const report: string[] = []
  let records = 0
  for (const model of new Set(fetches.map((f) => f.model))) {
    const finished = finishedOf(states, model)
    if (finished === null) continue
    const truth = await kit.world.readAll(firstPage(fetches.find((f) => f.model === model)!).path, linked.accountToken, { modified_before: finished })
    records += truth.length
    const gaps = findGaps(truth, pages, model)
    if (gaps.length > 0) report.push(describeGaps(gaps, model))
  }
  const during = changedDuringFetch ? ', records changed during a fetch among them' : ' (the kit could not change records during a fetch: the backend\'s read never came)'
  const again = refetched(fetches)
  const cut = unfollowed(fetches, await kit.journal.entries({ account: linked.accountId }))
  if (report.length > 0 && cut.length > 0) {
    found.set(NO_GAPS, notApplicable(`the backend stopped ${cut.length} fetch(es) before their last page (a next cursor never asked for, see incremental.pagination), so the records of the pages it left are missing for that reason; missed: ${report.join(' | ')}`))
    return
  }
  if (report.length > 0 && again.length > 0) {
    found.set(NO_GAPS, notApplicable(`the backend fetched the same window again (${again.join(', ')}: a second fetch on an equal last_sync_finished, see webhook.replay), which moved its start time past the records the kit changed during the first; missed: ${report.join(' | ')}`))
    return
  }
  if (report.length === 0) {
    found.set(NO_GAPS, pass(`the backend got all ${records} records the service holds up to its latest sync, in their latest version${during}`))
    return
  }
  found.set(NO_GAPS, fail('the backend missed records the service changed', {
    expected: 'every record up to the latest last_sync_finished fetched in its latest version (the window starts at the stored start time of the previous fetch)',
    got: report.join(' | '), requests: fetches.map((f) => line(firstPage(f)))
  }))
}
