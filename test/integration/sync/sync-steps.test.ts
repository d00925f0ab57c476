import t from 'tap'
import type { PassWritten } from '../../../src/integration/background/sync/sync-data-port.js'
import type { SyncEffect } from '../../../src/integration/background/sync/sync-effects.js'
import { begin, passed } from '../../../src/integration/background/sync/sync-machine.js'
import type { SyncState } from '../../../src/integration/background/sync/sync-state.js'
import { type BeginInputs, beginRun, passJob, type StartInputs, settleRun, startJob, stopRun } from '../../../src/integration/background/sync/sync-steps.js'
import { idle } from './states.js'

/**
 * The steps of a model's sync on their own: plain inputs in, the effects the shell applies out, in order.
 * `lines` plays the shell: it answers a pass (stamp 5_000_000, two fields) and a finish stamp (9_000_000)
 * and goes on with the rest of the step, so each test reads the whole step as it happens.
 */

const synced: SyncState = { ...idle, status: 'DONE', isInitialSync: false, lastSyncResult: 'DONE', lastSyncFinished: 500_000 }

const inputs = (over: Partial<BeginInputs> = {}): BeginInputs => ({
  now: 1000, needsRelink: false, volume: () => 0, initialPasses: 4, initialDurationMs: 100_000, intervalMs: 60_000, observed: false, ...over
})
const start = (over: Partial<StartInputs> = {}): StartInputs => ({ ...inputs(), paused: false, lastRequestAt: 0, idlePauseMs: 10_000, fields: ['id', 'name'], ...over })

function lines (effects: readonly SyncEffect[], written: PassWritten = { syncedFields: ['id', 'name'], stampUs: 5_000_000 }): string[] {
  return effects.flatMap((e) => line(e, written))
}

function line (e: SyncEffect, written: PassWritten): string[] {
  switch (e.type) {
    case 'save': {
      const { status, run, nextSyncStart, lastSyncFinished } = e.state
      const running = run === null ? '' : ` ${run.kind} ${run.done}/${run.passes} ends ${run.ends}${run.finishUs === null ? '' : ` finishUs ${run.finishUs}`}`
      return [`save ${status}${running} finished ${lastSyncFinished} next ${nextSyncStart}${e.finished ? ' (a finish)' : ''}`]
    }
    case 'schedule': return [`${e.job} job at ${e.at}`]
    case 'cancel': return ['cancel the job']
    case 'stepped': return [`stepped ${e.event.step} ${e.event.pass}/${e.event.passes} ${e.event.kind} ${e.event.outcome} ends ${e.event.ends} at ${e.event.at}`]
    case 'finished': {
      const { state, syncedFields, wasInitialSync, at, onTime } = e.event
      return [`finished ${state.status} at ${at} ${onTime ? 'on time' : 'late'} [${syncedFields.join(',')}]${wasInitialSync ? ' initial' : ''}`]
    }
    case 'write-pass': return [`write pass ${e.step.pass}/${e.step.passes} ${e.step.kind}${e.step.partial ? ' partial' : ''}`, ...lines(e.rest(written), written)]
    case 'finish-stamp': return ['finish stamp', ...lines(e.rest(9_000_000), written)]
    case 'pause-idle': return ['pause the account']
  }
}

t.test('beginRun: a multi-pass run is announced, written and its first pass scheduled', async (t) => {
  t.same(lines(beginRun(idle, 'initial', inputs())), [
    'stepped started 0/4 initial DONE ends 101000 at 1000',
    'save SYNCING initial 0/4 ends 101000 finished null next null',
    'pass job at 26000'
  ])
  t.match(lines(beginRun(idle, 'initial', inputs(), true)), [String, /\(a finish\)$/], 'written in place of a run settled in memory: it counts as that finish')
})

t.test('beginRun: a one-pass run writes its pass as it starts, then is written in full', async (t) => {
  t.same(lines(beginRun(synced, 'periodic', inputs())), [
    'stepped started 0/1 periodic DONE ends 31000 at 1000',
    'write pass 1/1 periodic',
    'save SYNCING periodic 1/1 ends 31000 finishUs 31000000 finished 500000 next 91000',
    'start job at 91000'
  ], 'unobserved: no job at its end, the next start is scheduled at once')
  t.same(lines(beginRun(synced, 'periodic', inputs({ observed: true }))).slice(2), [
    'save SYNCING periodic 1/1 ends 31000 finishUs 31000000 finished 500000 next 91000',
    'pass job at 31000'
  ], 'observed: a job at its end announces its finish')
  t.match(lines(beginRun(synced, 'incremental', inputs()), { syncedFields: [], stampUs: 40_000_000 })[2], /finishUs 40000001 /, 'its finish is after every record it wrote')
  t.equal(lines(beginRun({ ...synced, presetResult: 'PARTIALLY_SYNCED' }, 'periodic', inputs()))[1], 'write pass 1/1 periodic partial')
})

t.test('beginRun: a run that writes nothing has no pass; one ending PAUSED has no next start', async (t) => {
  t.same(lines(beginRun(synced, 'periodic', inputs({ needsRelink: true }))), [
    'stepped started 0/1 periodic FAILED ends 31000 at 1000',
    'save SYNCING periodic 1/1 ends 31000 finishUs 31000000 finished 500000 next 91000',
    'start job at 91000'
  ])
  t.same(lines(beginRun({ ...synced, presetResult: 'PAUSED', presetDuration: 5 }, 'periodic', inputs())).slice(1), [
    'save SYNCING periodic 1/1 ends 1005 finishUs 1005000 finished 500000 next null',
    'cancel the job'
  ])
})

const oneRunning = begin(synced, { kind: 'periodic', passes: 1, outcome: 'DONE', ends: 31_000 }, 1000, { finishUs: 31_000_000, next: 91_000 })

t.test('settleRun: on time it schedules the next start; noticed late the caller goes on from it', async (t) => {
  t.same(lines(settleRun(oneRunning, ['id', 'name'], true).effects), [
    'save DONE finished 31000000 next 91000 (a finish)',
    'start job at 91000',
    'finished DONE at 31000 on time [id,name]'
  ])
  const late = settleRun(oneRunning, ['id'], false, false)
  t.same(lines(late.effects), ['finished DONE at 31000 late [id]'], 'not written: the caller writes it')
  t.match(late.state, { status: 'DONE', lastSyncFinished: 31_000_000, nextSyncStart: 91_000, run: null })
  t.same(lines(settleRun(oneRunning, [], false).effects), ['save DONE finished 31000000 next 91000 (a finish)', 'finished DONE at 31000 late []'])
})

const fourPasses = begin(idle, { kind: 'initial', passes: 4, outcome: 'DONE', ends: 101_000 }, 1000)

t.test('passJob: a pass is written before it is announced, then the next one is scheduled', async (t) => {
  t.same(lines(passJob(fourPasses, { now: 26_000, intervalMs: 60_000, fields: [] })), [
    'write pass 1/4 initial',
    'stepped pass 1/4 initial DONE ends 101000 at 26000',
    'save SYNCING initial 1/4 ends 101000 finished null next null',
    'pass job at 51000'
  ])
})

t.test('passJob: the last pass, then the finish stamped after it, announced with what the pass wrote', async (t) => {
  const last = passed(fourPasses, 3)
  t.same(lines(passJob(last, { now: 101_000, intervalMs: 60_000, fields: ['every', 'field'] })), [
    'write pass 4/4 initial',
    'finish stamp',
    'save DONE finished 9000000 next 161000 (a finish)',
    'start job at 161000',
    'finished DONE at 101000 on time [id,name] initial'
  ])
  const paused = { ...last, run: { ...last.run!, outcome: 'PAUSED' as const } }
  t.same(lines(passJob(paused, { now: 101_000, intervalMs: 60_000, fields: [] })), [
    'finish stamp',
    'save PAUSED finished 9000000 next null (a finish)',
    'finished PAUSED at 101000 on time [] initial'
  ], 'a run that writes nothing has no pass; one ending PAUSED no next start')
})

t.test('passJob: a one-pass run finishes on time; a model with no run does nothing', async (t) => {
  t.same(lines(passJob(oneRunning, { now: 31_000, intervalMs: 60_000, fields: ['id'] })), lines(settleRun(oneRunning, ['id'], true).effects))
  t.same(passJob(synced, { now: 31_000, intervalMs: 60_000, fields: [] }), [])
})

t.test('startJob: a run that ended unobserved is announced, then the next run is written in its place', async (t) => {
  t.same(lines(startJob(oneRunning, start({ now: 91_000, lastRequestAt: 90_000 }))), [
    'finished DONE at 31000 late [id,name]',
    'stepped started 0/1 periodic DONE ends 121000 at 91000',
    'write pass 1/1 periodic',
    'save SYNCING periodic 1/1 ends 121000 finishUs 121000000 finished 31000000 next 181000 (a finish)',
    'start job at 181000'
  ])
  t.same(lines(startJob(synced, start())).slice(-2), [
    'save SYNCING periodic 1/1 ends 31000 finishUs 31000000 finished 500000 next 91000',
    'start job at 91000'
  ], 'with nothing to settle, the begun state is no finish')
})

t.test('startJob: a model that is not to run keeps its settled state; an idle account pauses', async (t) => {
  const settledOnly = ['finished DONE at 31000 late [id,name]', 'save DONE finished 31000000 next 91000 (a finish)']
  t.same(lines(startJob({ ...oneRunning, enabled: false }, start({ now: 91_000 }))), settledOnly, 'disabled')
  t.same(lines(startJob(oneRunning, start({ now: 91_000, paused: true }))), settledOnly, 'paused')
  t.same(lines(startJob(oneRunning, start({ now: 91_000, lastRequestAt: 80_999 }))), [...settledOnly, 'pause the account'], 'idle')
  t.same(startJob(fourPasses, start({ now: 2000 })), [], 'a run under way goes on')
  t.same(lines(startJob(synced, start({ now: 10_001, lastRequestAt: 0 }))), ['pause the account'])
})

t.test('stopRun: the job goes, and the run with it', async (t) => {
  t.same(lines(stopRun(fourPasses, 'PAUSED')), ['cancel the job', 'save PAUSED finished null next null'])
})
