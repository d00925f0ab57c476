import t from 'tap'
import {
  begin, ended, finish, nextStart, passDue, passed, plan, scheduledKind, settle, settlesByItself, stop, writes, writtenFinishUs
} from '../../../src/integration/background/sync/sync-machine.js'
import { idle } from './states.js'

/** The sync run state machine on its own: pure transitions, no clock, store or data. */

const inputs = (now: number, over: Partial<{ needsRelink: boolean, volume: number, initialDurationMs: number | null }> = {}) => ({
  now,
  needsRelink: over.needsRelink ?? false,
  volume: () => over.volume ?? 200,
  initialPasses: 4,
  initialDurationMs: over.initialDurationMs ?? null
})

t.test('plan: the outcome and duration of a run, from presets, relinking and the defaults', async (t) => {
  t.same(plan(idle, 'initial', inputs(1000)), { kind: 'initial', outcome: 'DONE', passes: 4, ends: 1000 + 120_000 + 200 * 100 })
  t.same(plan(idle, 'periodic', inputs(1000)), { kind: 'periodic', outcome: 'DONE', passes: 1, ends: 1000 + 30_000 + 200 })
  t.equal(plan(idle, 'full', inputs(0, { initialDurationMs: 60_000 })).ends, 60_000, '--initial-sync-duration fixes initial and FULL runs')
  t.equal(plan(idle, 'incremental', inputs(0, { initialDurationMs: 60_000 })).ends, 30_200, '... not the short ones')
  const preset = { ...idle, presetResult: 'PARTIALLY_SYNCED' as const, presetDuration: 5000 }
  let asked = false
  const p = plan(preset, 'initial', { ...inputs(0), volume: () => { asked = true; return 1 } })
  t.same(p, { kind: 'initial', outcome: 'PARTIALLY_SYNCED', passes: 4, ends: 5000 })
  t.notOk(asked, 'a preset duration needs no volume')
  t.equal(plan(preset, 'periodic', inputs(0, { needsRelink: true })).outcome, 'FAILED', 'relinking wins over a preset')
})

t.test('a multi-pass run: begin, passes at even steps, finish with the next start one interval later', async (t) => {
  const p = plan(idle, 'initial', inputs(0, { initialDurationMs: 100_000 }))
  const begun = begin({ ...idle, presetResult: 'DONE', presetDuration: 1 }, p, 0)
  t.match(begun, { status: 'SYNCING', lastSyncStart: 0, nextSyncStart: null, presetResult: null, presetDuration: null })
  t.same(begun.run, { kind: 'initial', passes: 4, done: 0, outcome: 'DONE', ends: 100_000, finishUs: null })
  t.notOk(settlesByItself(begun), 'it has passes left')
  t.same([1, 2, 3, 4].map((n) => passDue(begun, n)), [25_000, 50_000, 75_000, 100_000], 'the last pass is due at the end')
  const two = passed(passed(begun, 1), 2)
  t.equal(two.run!.done, 2)
  t.equal(passDue(two, 3), 75_000)
  const next = nextStart('DONE', 100_000, 86_400_000)
  const done = finish(passed(two, 4), 100_000_123, next)
  t.same(done, { ...idle, status: 'DONE', lastSyncStart: 0, lastSyncResult: 'DONE', lastSyncFinished: 100_000_123, isInitialSync: false, nextSyncStart: 86_500_000, run: null })
})

t.test('outcomes: what a run writes, whether it stays initial, whether another follows', async (t) => {
  t.same((['DONE', 'PARTIALLY_SYNCED', 'FAILED', 'PAUSED'] as const).map(writes), [true, true, false, false])
  t.equal(nextStart('PAUSED', 10, 5), null, 'a run ending PAUSED schedules none')
  t.equal(nextStart('FAILED', 10, 5), 15)
  const failed = finish(begin(idle, { kind: 'initial', outcome: 'FAILED', passes: 4, ends: 10 }, 0), 10_001, 15)
  t.match(failed, { status: 'FAILED', lastSyncResult: 'FAILED', isInitialSync: true }, 'only DONE ends the initial sync')
  const full = begin({ ...idle, isInitialSync: false }, { kind: 'full', outcome: 'DONE', passes: 4, ends: 10 }, 0)
  t.equal(full.isInitialSync, true, 'a FULL resync counts as initial again')
  t.equal(scheduledKind(idle), 'initial')
  t.equal(scheduledKind({ ...idle, isInitialSync: false }), 'periodic')
})

t.test('a one-pass run is written as it starts and settles by itself at its end', async (t) => {
  const synced = { ...idle, isInitialSync: false, status: 'DONE' as const, lastSyncResult: 'DONE' as const, lastSyncFinished: 5_000 }
  const p = plan(synced, 'periodic', inputs(10_000, { volume: 0 }))
  const finishUs = writtenFinishUs(p.ends, 40_000_500)
  t.equal(finishUs, 40_000_501, 'strictly after the stamp of what it wrote')
  t.equal(writtenFinishUs(p.ends, null), 40_000_000, 'at its end when it wrote nothing')
  const running = begin(synced, p, 10_000, { finishUs, next: nextStart(p.outcome, p.ends, 60_000) })
  t.ok(settlesByItself(running))
  t.equal(running.nextSyncStart, 100_000, 'the next start is fixed now ...')
  t.same(settle(running, 39_999), { ...running, nextSyncStart: null }, '... and hidden while it runs')
  t.notOk(ended(running, 39_999))
  t.ok(ended(running, 40_000))
  const settled = settle(running, 40_000)
  t.same(settled, finish(running, finishUs, 100_000), 'reading after its end shows what finishing writes')
  t.match(settled, { status: 'DONE', lastSyncFinished: 40_000_501, nextSyncStart: 100_000, run: null })
  t.same(settle(settled, 99_999), settled, 'a settled state reads as itself')
})

t.test('stop ends any run without a result', async (t) => {
  const running = begin(idle, { kind: 'initial', outcome: 'DONE', passes: 4, ends: 10 }, 0)
  t.same(stop(running, 'PAUSED'), { ...running, status: 'PAUSED', nextSyncStart: null, run: null })
  t.match(stop({ ...idle, enabled: false }, 'DISABLED'), { status: 'DISABLED', enabled: false, run: null })
})
