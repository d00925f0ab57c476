import type { Dispatcher } from 'undici'
import type { Config } from './config.js'
import type { TenantClock, TenantClocks } from './core/tenant-clocks.js'
import type { Ids } from './core/ids.js'
import type { Random } from './core/random.js'
import type { Db } from './store/database.js'
import type { InterfaceRegistry } from './http/interfaces.js'
import type { Scheduler } from './jobs/scheduler.js'

/**
 * What app.ts hands each interface's composition root (the plant store's, integration/compose.ts): the
 * settings and the owners of time, randomness, identifiers and storage. A root registers a reset so
 * POST /_unimock/reset restores the seeded state.
 */
export interface AppContext {
  readonly config: Config
  readonly version: string
  /** The time of the tenant whose work is running (the server's outside any); see core/tenant-clocks.ts. */
  readonly clock: TenantClock
  /** Every tenant's clock and the server's own (`base`). */
  readonly clocks: TenantClocks
  readonly random: Random
  readonly ids: Ids
  readonly db: Db
  readonly interfaces: InterfaceRegistry
  /** Time-driven work (syncs, webhook attempts, scenario steps) is scheduled here as rows with a due time. */
  readonly scheduler: Scheduler
  /** Every outgoing HTTP request (webhook deliveries) goes through this undici dispatcher. */
  readonly dispatcher: Dispatcher
  /**
   * Resolves a webhook target's host name before its deliveries, whose addresses are judged (link-local and
   * metadata ones refused); undefined when a dispatcher was handed in without one: names are not resolved.
   */
  readonly resolve: ((hostname: string) => Promise<readonly string[]>) | undefined
  onReset(fn: () => void): void
  /** What a reset of one API key's world clears (inside one transaction): its rows, its caches. */
  onResetTenant(fn: (tenant: number) => void): void
  /** Resets one API key's world now (its rows, jobs and clock), as POST /_unimock/reset with that key does. */
  resetTenant(tenant: number): void
}
