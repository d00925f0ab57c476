import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { SyncDataPort } from './sync-data-port.js'
import type { SyncAccount, SyncEvents } from './sync-events.js'
import type { SyncRepository } from './sync-repository.js'

export interface SyncSettings {
  /** Default automatic sync interval (the spec: about 24 hours). */
  readonly intervalMs: number
  readonly initialPasses: number
  readonly initialDurationMs: number | null
  /** No inbound request for this long pauses the account (the real service: over two weeks). */
  readonly idlePauseMs: number
}

/** What the sync service and the runs it drives (sync-runs.ts) are built from. */
export interface SyncServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly repo: SyncRepository
  readonly data: SyncDataPort
  readonly events: Emitter<SyncEvents>
  readonly settings: SyncSettings
  /** The linked account of an id, undefined once deleted. */
  readonly account: (id: string) => SyncAccount | undefined
  /** A run that starts while the account needs relinking fails: the third party refuses the old credentials. */
  readonly needsRelink: (id: string) => boolean
  /**
   * Whether something acts on a tenant's finished runs at the instant they end (its webhook targets).
   * Only the cost and the moment of 'model-sync:finished' depend on it, never a state: a one-pass run of a
   * tenant nobody observes ends with no job of its own (a simulated day runs hundreds of thousands of
   * syncs), reads see it finished at its end, and its finish is emitted when the model is next touched.
   */
  readonly observed: (tenantId: number) => boolean
}
