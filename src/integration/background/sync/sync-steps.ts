import type { PassWritten } from './sync-data-port.js'
import { cancel, type SyncEffect, save, schedule } from './sync-effects.js'
import {
  begin, ended, finish, nextStart, passDue, passed, type PlanInputs, plan, type RunPlan, scheduledKind, settlesByItself, stop, writes, writtenFinishUs
} from './sync-machine.js'
import type { SyncKind, SyncState, SyncStatus } from './sync-state.js'

/**
 * Each step of a model's sync as the effects it has, in the order they happen (sync-effects.ts). Pure, like
 * the machine (sync-machine.ts) whose transitions they chain: whatever a step reads (the account, the
 * tenant's interval, the model's fields) the shell reads beforehand and passes in.
 *
 *   beginRun    a run starts: announced, written (a one-pass run in full) and its next job scheduled
 *   settleRun   a run that settles by itself is written down as finished and announced
 *   passJob     the pass job: the next pass of a run, or its finish
 *   startJob    the start job: settles a run that ended, then starts the next (or pauses an idle account)
 *   stopRun     paused or disabled: no job, no run
 *   failRun     a step threw: the run ends FAILED, the next is scheduled
 */

export interface BeginInputs extends PlanInputs {
  /** The tenant's sync interval: a one-pass run fixes its next start as it begins. */
  readonly intervalMs: number
  /** Something acts on the tenant's finishes at once (see SyncServiceDeps.observed). */
  readonly observed: boolean
}

/**
 * `unsaved`: `state` is a run just settled in memory and not written yet; the begun state is written in its
 * place, and counts as that run's finish.
 */
export function beginRun (state: SyncState, kind: SyncKind, inputs: BeginInputs, unsaved = false): SyncEffect[] {
  const { now } = inputs
  const run = plan(state, kind, inputs)
  const started = stepped(state, run, 'started', 0, now)
  if (run.passes > 1) {
    const begun = begin(state, run, now)
    return [started, save(begun, unsaved), schedule('pass', passDue(begun, 1))]
  }
  // A one-pass run (periodic, INCREMENTAL) writes what changed as it starts and settles by itself at its end:
  // with a job there only when its finish is observed.
  const written = (stampUs: number | null): SyncEffect[] => {
    const begun = begin(state, run, now, { finishUs: writtenFinishUs(run.ends, stampUs), next: nextStart(run.outcome, run.ends, inputs.intervalMs) })
    if (inputs.observed) return [save(begun, unsaved), schedule('pass', run.ends)]
    return [save(begun, unsaved), begun.nextSyncStart === null ? cancel : schedule('start', begun.nextSyncStart)]
  }
  if (!writes(run.outcome)) return [started, ...written(null)]
  return [started, writePass(run, 1, (w) => written(w.stampUs))]
}

/**
 * A run that settles by itself, written down as finished and announced. On time (its finish job) its next
 * start is scheduled; noticed later, the caller goes on from the finished `state`, and with `write` false
 * writes it itself.
 */
export function settleRun (state: SyncState, fields: readonly string[], onTime: boolean, write = true): { state: SyncState, effects: SyncEffect[] } {
  const run = state.run!
  const finished = finish(state, run.finishUs!, state.nextSyncStart)
  const effects: SyncEffect[] = write ? [save(finished, true)] : []
  if (onTime && finished.nextSyncStart !== null) effects.push(schedule('start', finished.nextSyncStart))
  // Its records were written as it started: a finish lists every field of the model.
  effects.push(announceFinish(state, finished, fields, run.ends, onTime))
  return { state: finished, effects }
}

export interface PassInputs {
  readonly now: number
  readonly intervalMs: number
  /** Every field of the model: what the finish of a run that settles by itself lists. */
  readonly fields: readonly string[]
}

/** The pass job: the next pass of a multi-pass run, its last pass and finish, or the end of a one-pass run. */
export function passJob (state: SyncState, inputs: PassInputs): SyncEffect[] {
  const run = state.run
  if (run === null) return []
  if (settlesByItself(state)) return settleRun(state, inputs.fields, true).effects
  const { now } = inputs
  const pass = run.done + 1
  const after = (syncedFields: readonly string[]): SyncEffect[] => {
    if (pass < run.passes) {
      const next = passed(state, pass)
      return [stepped(state, run, 'pass', pass, now), save(next, false), schedule('pass', passDue(next, pass + 1))]
    }
    return [{
      type: 'finish-stamp',
      rest: (stampUs) => {
        const finished = finish(state, stampUs, nextStart(run.outcome, now, inputs.intervalMs))
        const effects = [save(finished, true)]
        if (finished.nextSyncStart !== null) effects.push(schedule('start', finished.nextSyncStart))
        effects.push(announceFinish(state, finished, syncedFields, now, true))
        return effects
      }
    }]
  }
  return writes(run.outcome) ? [writePass(run, pass, (w) => after(w.syncedFields))] : after([])
}

export interface StartInputs extends BeginInputs {
  readonly paused: boolean
  readonly lastRequestAt: number
  /** No inbound request for this long pauses the account. */
  readonly idlePauseMs: number
  readonly fields: readonly string[]
}

/** The start job: the model's next run begins, unless it is not to run (disabled, running, paused, idle). */
export function startJob (state: SyncState, inputs: StartInputs): SyncEffect[] {
  // A run that ended unobserved is settled here; when the next run begins at once, as every periodic sync
  // of a simulated day does, the begun state is the one write (the listeners of the finish read the event).
  const settled = ended(state, inputs.now)
  const { state: current, effects } = settled ? settleRun(state, inputs.fields, false, false) : { state, effects: [] }
  const kept = (): SyncEffect[] => settled ? [...effects, save(current, true)] : effects
  if (!current.enabled || current.run !== null || inputs.paused) return kept()
  if (inputs.now - inputs.lastRequestAt > inputs.idlePauseMs) return [...kept(), { type: 'pause-idle' }]
  return [...effects, ...beginRun(current, scheduledKind(current), inputs, settled)]
}

/** Paused or disabled: the model's job is cancelled and its run ends without a result, showing `status`. */
export function stopRun (state: SyncState, status: SyncStatus): SyncEffect[] {
  return [cancel, save(stop(state, status), false)]
}

/**
 * A step that could not run: the run ends FAILED now and the next starts one interval later. Its
 * last_sync_finished stays the previous run's: nothing was written, and a stamp taken here could fall
 * before records already written.
 */
export function failRun (state: SyncState, now: number, intervalMs: number): SyncEffect[] {
  const failed: SyncState = { ...state, status: 'FAILED', lastSyncResult: 'FAILED', nextSyncStart: nextStart('FAILED', now, intervalMs), run: null }
  return [save(failed, true), schedule('start', failed.nextSyncStart!)]
}

type RunShape = Pick<RunPlan, 'kind' | 'passes' | 'outcome' | 'ends'>

function stepped (state: SyncState, run: RunShape, step: 'started' | 'pass', pass: number, at: number): SyncEffect {
  return { type: 'stepped', event: { modelName: state.modelName, kind: run.kind, step, pass, passes: run.passes, outcome: run.outcome, ends: run.ends, at } }
}

function announceFinish (before: SyncState, after: SyncState, syncedFields: readonly string[], at: number, onTime: boolean): SyncEffect {
  return { type: 'finished', event: { state: after, syncedFields, wasInitialSync: before.isInitialSync, at, onTime } }
}

function writePass (run: RunShape, pass: number, rest: (written: PassWritten) => SyncEffect[]): SyncEffect {
  return { type: 'write-pass', step: { kind: run.kind, pass, passes: run.passes, partial: run.outcome === 'PARTIALLY_SYNCED' }, rest }
}
