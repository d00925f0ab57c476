import type { PassStep } from './pass-plan.js'
import type { PassWritten } from './sync-data-port.js'
import type { ModelSyncFinished, ModelSyncStepped } from './sync-events.js'
import type { SyncState } from './sync-state.js'

/**
 * What a step of one model's sync does, as data. The pure steps (sync-steps.ts) return these in the order
 * they happen; the shell (sync-runs.ts) applies them in that order, inside the caller's transaction, to the
 * step's (account, model) at the step's time. The order is behaviour: the listeners of a finish read the
 * state saved before it, and jobs due at one instant run in the order they were scheduled.
 *
 * Writing a pass and taking a finish stamp answer something the rest of the step depends on: they carry
 * the rest of the step (`rest`), which the shell applies once it has the answer.
 */
export type SyncEffect =
  /** Write the model's state. `finished`: a run finished with it, which counts towards the account's round. */
  | { readonly type: 'save', readonly state: SyncState, readonly finished: boolean }
  /** (Re)schedule the model's one job: its next start, or its next pass (a finish is a pass job too). */
  | { readonly type: 'schedule', readonly job: 'start' | 'pass', readonly at: number }
  | { readonly type: 'cancel' }
  | { readonly type: 'stepped', readonly event: Omit<ModelSyncStepped, 'account'> }
  /** The shell adds whether it completed the account's round, judged only for a finish on time. */
  | { readonly type: 'finished', readonly event: Omit<ModelSyncFinished, 'account' | 'accountSyncCompleted'> }
  | { readonly type: 'write-pass', readonly step: PassStep, readonly rest: (written: PassWritten) => SyncEffect[] }
  /** The last_sync_finished of a run ending now: later than every record of the account written so far. */
  | { readonly type: 'finish-stamp', readonly rest: (stampUs: number) => SyncEffect[] }
  /** No request for too long: the whole account pauses. */
  | { readonly type: 'pause-idle' }

export const save = (state: SyncState, finished: boolean): SyncEffect => ({ type: 'save', state, finished })
export const schedule = (job: 'start' | 'pass', at: number): SyncEffect => ({ type: 'schedule', job, at })
export const cancel: SyncEffect = { type: 'cancel' }
