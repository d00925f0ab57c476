import type { FenceCheck } from '../../../core/account-fences.js'
import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import type { FaultKind, StoredFault, WebhookRepository } from './webhook-repository.js'
import type { WebhookStreams } from './streams.js'
import { type DeliveryPlan, planDelivery } from './fault-planner.js'

export interface NewFault {
  readonly kind: FaultKind
  readonly count: number | null
  readonly fraction: number | null
  readonly delayMs: number | null
}

/**
 * A tenant's delivery faults (drop, delay, duplicate, out_of_order, wrong_signature), and the planning of a new
 * delivery over them: the planner (fault-planner.ts) decides with the webhooks' seeded draws, and the counted
 * faults it took are spent here.
 */
export class DeliveryFaults {
  readonly #repo: WebhookRepository
  readonly #streams: WebhookStreams
  readonly #clock: Clock
  readonly #fenced: FenceCheck

  constructor (repo: WebhookRepository, streams: WebhookStreams, clock: Clock, fenced: FenceCheck) {
    this.#repo = repo
    this.#streams = streams
    this.#clock = clock
    this.#fenced = fenced
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

  /**
   * Plans one delivery of `accountId`'s made at `now` (planDelivery), spending the counted faults it takes (a
   * scenario run's faults take only its own accounts' deliveries). Call inside its transaction.
   */
  plan (tenantId: number, accountId: string, now: number): DeliveryPlan {
    const faults = this.#repo.faults(tenantId).filter((f) => this.#fenced('webhook-fault', f.seq, accountId))
    const { plan, taken } = planDelivery(faults, now, () => this.#streams.random.next())
    for (const f of taken) this.#repo.spendFault(f)
    return plan
  }
}
