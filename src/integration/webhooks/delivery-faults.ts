import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import type { FaultKind, StoredFault, WebhookRepository } from './webhook-repository.js'
import type { WebhookStreams } from './streams.js'

export interface NewFault {
  readonly kind: FaultKind
  readonly count: number | null
  readonly fraction: number | null
  readonly delayMs: number | null
}

/** What the faults in force do to one delivery. */
export interface DeliveryPlan {
  readonly dropped: boolean
  readonly duplicate: boolean
  readonly wrongKey: boolean
  /** When its first attempt falls due; null when dropped. */
  readonly dueAt: number | null
  /** The fault kinds applied, in order. */
  readonly applied: readonly string[]
}

/**
 * A tenant's delivery faults (drop, delay, duplicate, out_of_order, wrong_signature), and the fault planner:
 * which of them a new delivery gets. A counted fault is spent by each delivery it affects; a fraction is a
 * seeded draw per delivery.
 */
export class DeliveryFaults {
  readonly #repo: WebhookRepository
  readonly #streams: WebhookStreams
  readonly #clock: Clock

  constructor (repo: WebhookRepository, streams: WebhookStreams, clock: Clock) {
    this.#repo = repo
    this.#streams = streams
    this.#clock = clock
  }

  list (tenantId: number): StoredFault[] { return this.#repo.faults(tenantId) }

  add (tenantId: number, f: NewFault): StoredFault[] {
    this.#repo.addFault({ tenantId, kind: f.kind, remaining: f.count, count: f.count, fraction: f.fraction, delayMs: f.delayMs, createdAt: this.#clock.now() })
    return this.list(tenantId)
  }

  /** Removes one fault by its id; 404 when the tenant has none of that id (never added, spent or cleared). */
  remove (tenantId: number, id: number): void {
    if (!this.#repo.removeFault(tenantId, id)) throw appError('WEBHOOK_FAULT_NOT_FOUND', { id })
  }

  clear (tenantId: number): void { this.#repo.clearFaults(tenantId) }

  /** Plans one delivery made at `now`, spending the counted faults it takes. Call inside its transaction. */
  plan (tenantId: number, now: number): DeliveryPlan {
    let dropped = false
    let duplicate = false
    let wrongKey = false
    let dueAt: number | null = now
    const applied: string[] = []
    for (const f of this.#repo.faults(tenantId)) {
      if (f.fraction !== null && !this.#streams.random.chance(f.fraction)) continue
      this.#repo.spendFault(f)
      applied.push(f.kind)
      if (f.kind === 'drop') { dropped = true; dueAt = null; break }
      if (f.kind === 'delay') dueAt = dueAt! + (f.delayMs ?? 0)
      if (f.kind === 'duplicate') duplicate = true
      if (f.kind === 'wrong_signature') wrongKey = true
      // The k-th of N held back by (N-1-k) spacings: N deliveries made close together arrive in reverse order.
      if (f.kind === 'out_of_order') dueAt = dueAt! + ((f.remaining ?? 1) - 1) * (f.delayMs ?? 1000)
    }
    return { dropped, duplicate, wrongKey, dueAt, applied }
  }
}
