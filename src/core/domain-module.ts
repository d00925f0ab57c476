import type { Subscriber } from './events.js'

/**
 * What a domain of the unified service hands its composition root besides its services: its reactions to other
 * domains' events and what a reset clears. `E` is the part of the event map it listens to, so a domain names only
 * the events it reacts to (the root hands it the one bus of every event).
 */
export interface DomainModule<E = never> {
  /**
   * Subscribes its reactions. The root subscribes the modules in its reaction order, and within an event listeners
   * run in subscription order, inside the transaction of the change.
   */
  readonly react?: (events: Subscriber<E>) => void
  /** POST /_unimock/reset: its rows (inside the root's transaction, modules last-built first) and in-memory state. */
  readonly reset?: () => void
  /** POST /_unimock/reset with a key: what it keeps of that tenant besides its rows, and caches over every tenant. */
  readonly resetTenant?: (tenantId: number) => void
}

/** Every module's reset, last-built first: rows that reference an account or tenant go before it. */
export function resetAll (modules: ReadonlyArray<DomainModule<never>>): void {
  for (let i = modules.length - 1; i >= 0; i--) modules[i]!.reset?.()
}

export function resetTenantAll (modules: ReadonlyArray<DomainModule<never>>, tenantId: number): void {
  for (const m of modules) m.resetTenant?.(tenantId)
}
