/**
 * Each API key's own time (#19). On a virtual clock every tenant reads a child of the server's clock: it moves
 * when the server's clock moves (a keyless advance, the single-user form) and alone when its key advances it,
 * so one CI job moving time never moves another's syncs, expiries and retries. The real clock is shared.
 *
 * Services keep reading one injected Clock: `clock` answers with the time of the tenant whose work is running,
 * which the request hooks and the scheduler name with `run` (an AsyncLocalStorage, so the awaits of that work
 * keep it). Outside any tenant's work it is the server's time. Code that knows the tenant from its data rather
 * than from the request (a link token read by the widget, a journal entry) asks `of(tenantId)`.
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import type { Clock, ClockMode, TimerCallback, TimerHandle } from './clock.js'
import { type VirtualClock, isVirtual } from './virtual-clock.js'

/** The tenant whose time a piece of work runs in; null: the server's. */
export type TenantId = number | null

/** A Clock that reads the current tenant's time, and can name another's. */
export interface TenantClock extends Clock {
  /** The clock of `tenant` (the server's for null). */
  of(tenant: TenantId): Clock
  /** Runs `fn`, and everything it awaits, in `tenant`'s time. */
  run<T>(tenant: TenantId, fn: () => T): T
}

export class TenantClocks {
  readonly base: Clock
  readonly clock: TenantClock
  readonly #scope = new AsyncLocalStorage<TenantId>()
  readonly #children = new Map<number, VirtualClock>()
  #moved: (tenant: number, now: number) => void = () => {}

  constructor (base: Clock) {
    this.base = base
    const current = (): Clock => this.of(this.#scope.getStore() ?? null)
    this.clock = {
      get mode (): ClockMode { return base.mode },
      now: () => current().now(),
      at: (at: number, fn: TimerCallback): TimerHandle => current().at(at, fn),
      sleep: (ms: number) => current().sleep(ms),
      clearAll: () => { current().clearAll() },
      hold: (work: Promise<void>) => current().hold(work),
      of: (tenant) => this.of(tenant),
      run: (tenant, fn) => this.run(tenant, fn)
    }
  }

  /** The clock of a tenant: its own child of a virtual clock, made on first use; the shared real clock. */
  of (tenant: TenantId): Clock {
    return tenant === null ? this.base : this.virtualOf(tenant) ?? this.base
  }

  /** A tenant's own virtual clock (undefined on the real clock). */
  virtualOf (tenant: number): VirtualClock | undefined {
    const base = this.base
    if (!isVirtual(base)) return undefined
    let child = this.#children.get(tenant)
    if (child === undefined) {
      child = base.child()
      const id = tenant
      child.onMoved((now) => { this.#moved(id, now) })
      this.#children.set(tenant, child)
    }
    return child
  }

  run<T>(tenant: TenantId, fn: () => T): T {
    // The real clock is one for everyone: no context to keep, and no async-hooks cost on every promise.
    if (!isVirtual(this.base)) return fn()
    return this.#scope.run(tenant, fn)
  }

  /** Told each tenant's instant after it moved (app.ts keeps it in the database). */
  onMoved (listener: (tenant: number, now: number) => void): void {
    this.#moved = listener
  }

  /** A tenant's time starts again from the server's (its reset); every tenant's with no argument. */
  forget (tenant?: number): void {
    const base = this.base
    const drop = (id: number, child: VirtualClock): void => {
      if (isVirtual(base)) base.drop(child)
      this.#children.delete(id)
    }
    if (tenant === undefined) { for (const [id, child] of this.#children) drop(id, child); return }
    const child = this.#children.get(tenant)
    if (child !== undefined) drop(tenant, child)
  }
}
