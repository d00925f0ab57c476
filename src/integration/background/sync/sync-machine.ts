import type { SyncKind, SyncOutcome, SyncState, SyncStatus } from './sync-state.js'
import { defaultSyncDuration, passesFor } from './sync-timing.js'

/**
 * The sync run of one (linked account, model) as a pure state machine: each function takes a state and
 * returns the next, and nothing here reads the clock, the store or the data. The steps (sync-steps.ts) chain
 * these into what each step of a run does; the shell (sync-runs.ts) applies it.
 *
 *   begin ──► pass … pass ──► finish        an initial or FULL run: passes at even steps of its duration
 *   begin (written in full) ──► settle      a one-pass run: written as it starts, finished at its end
 *   stop                                    paused or disabled: no run, nothing next
 *
 * `finish` is the one place a run's end is worked out (a settling run ends through it too) and `nextStart`
 * the one place the next run's start is.
 */

/** How a run goes, fixed when it starts. */
export interface RunPlan {
  readonly kind: SyncKind
  readonly outcome: SyncOutcome
  readonly passes: number
  readonly ends: number
}

export interface PlanInputs {
  readonly now: number
  /** A run that starts while the account needs relinking fails: the third party refuses the old credentials. */
  readonly needsRelink: boolean
  /** Records of the model: a bigger model takes longer. Asked only when no duration was preset. */
  readonly volume: () => number
  readonly initialPasses: number
  readonly initialDurationMs: number | null
}

/** What a run of `kind` starting now will be: the preset outcome and duration win over the defaults. */
export function plan (state: SyncState, kind: SyncKind, inputs: PlanInputs): RunPlan {
  const outcome: SyncOutcome = inputs.needsRelink ? 'FAILED' : (state.presetResult ?? 'DONE')
  const duration = state.presetDuration ?? defaultSyncDuration(kind, inputs.volume(), inputs.initialDurationMs)
  return { kind, outcome, passes: passesFor(kind, inputs.initialPasses), ends: inputs.now + duration }
}

/** Whether a run of this outcome writes records (a FAILED or PAUSED run writes none). */
export function writes (outcome: SyncOutcome): boolean {
  return outcome === 'DONE' || outcome === 'PARTIALLY_SYNCED'
}

/** The run of a one-pass plan is written as it starts: what it will end with, fixed now. */
export interface WrittenRun {
  /** Its last_sync_finished, epoch microseconds. */
  readonly finishUs: number
  readonly next: number | null
}

/**
 * The state once a run has begun: SYNCING, the preset consumed, a FULL run counting as initial again.
 * A run written in full (`written`) is done already and only waits for its end.
 */
export function begin (state: SyncState, run: RunPlan, now: number, written?: WrittenRun): SyncState {
  return {
    ...state,
    status: 'SYNCING',
    lastSyncStart: now,
    nextSyncStart: written?.next ?? null,
    isInitialSync: run.kind === 'full' ? true : state.isInitialSync,
    run: { kind: run.kind, passes: run.passes, done: written === undefined ? 0 : run.passes, outcome: run.outcome, ends: run.ends, finishUs: written?.finishUs ?? null },
    presetResult: null,
    presetDuration: null
  }
}

/**
 * last_sync_finished of a one-pass run: its end, and strictly after every record it wrote (`stampUs`, the
 * stamp of its pass), so the incremental rule stays gap-free.
 */
export function writtenFinishUs (ends: number, stampUs: number | null): number {
  return Math.max(ends * 1000, (stampUs ?? 0) + 1)
}

/** When pass `n` (1-based) of a multi-pass run falls due: even steps from its start to its end. */
export function passDue (state: SyncState, n: number): number {
  const run = state.run!
  const started = state.lastSyncStart!
  return started + Math.round((run.ends - started) * n / run.passes)
}

/** The state once pass `n` of the run is written. */
export function passed (state: SyncState, n: number): SyncState {
  return { ...state, run: { ...state.run!, done: n } }
}

/** The next run starts one interval after this one ended; a run ending PAUSED schedules none. */
export function nextStart (outcome: SyncOutcome, endedAt: number, intervalMs: number): number | null {
  return outcome === 'PAUSED' ? null : endedAt + intervalMs
}

/** The state once the run has finished: its outcome is the status and the last result. */
export function finish (state: SyncState, finishUs: number, next: number | null): SyncState {
  const outcome = state.run!.outcome
  return {
    ...state,
    status: outcome,
    lastSyncResult: outcome,
    lastSyncFinished: finishUs,
    isInitialSync: outcome === 'DONE' ? false : state.isInitialSync,
    nextSyncStart: next,
    run: null
  }
}

/** A run written in full when it started: it has no pass left and finishes by itself at its end. */
export function settlesByItself (state: SyncState): boolean {
  return state.run !== null && state.run.done === state.run.passes && state.run.finishUs !== null
}

/** Whether a run that settles by itself has reached its end at `now`. */
export function ended (state: SyncState, now: number): boolean {
  return settlesByItself(state) && now >= state.run!.ends
}

/**
 * The state as of `now`: a run that settles by itself shows finished once it has ended (what `finish`
 * would write), and hides its next start while it runs.
 */
export function settle (state: SyncState, now: number): SyncState {
  if (!settlesByItself(state)) return state
  if (now < state.run!.ends) return { ...state, nextSyncStart: null }
  return finish(state, state.run!.finishUs!, state.nextSyncStart)
}

/** Ends any run without a result: the model shows `status` (PAUSED, DISABLED) with nothing next. */
export function stop (state: SyncState, status: SyncStatus): SyncState {
  return { ...state, status, nextSyncStart: null, run: null }
}

/** The kind of run that starts by itself (a schedule, a resume, sync-now): initial until one completes. */
export function scheduledKind (state: SyncState): SyncKind {
  return state.isInitialSync ? 'initial' : 'periodic'
}
