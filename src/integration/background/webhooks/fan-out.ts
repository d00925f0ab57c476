import { appError } from '../../../core/errors.js'
import { webhookSignature } from '../../../core/signing.js'
import type { Db } from '../../../store/database.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { DeliveryFaults } from './delivery-faults.js'
import type { DeliveryDispatcher } from './delivery-dispatcher.js'
import { linkedAccountObject } from './payloads.js'
import type { SignatureKeys } from './signature-keys.js'
import type { WebhookStreams } from './streams.js'
import type { WebhookTargets } from './targets.js'
import type { Delivery, DeliveryFilter, WebhookRepository } from './webhook-repository.js'

export interface FanOutDeps {
  readonly db: Db
  readonly repo: WebhookRepository
  readonly streams: WebhookStreams
  readonly targets: WebhookTargets
  readonly keys: SignatureKeys
  readonly faults: DeliveryFaults
  readonly dispatcher: DeliveryDispatcher
  /** scheme://host:port of this server, for linked_account.webhook_listener_url. */
  readonly origin: () => string
}

/**
 * Fan-out into the outbox: one event becomes one signed delivery per target that wants it, with the tenant's
 * delivery faults planned in, written in the transaction of the change that caused the event. The
 * dispatcher sends them when due. The outbox is also the delivery journal the control API reads.
 */
export class FanOut {
  readonly #d: FanOutDeps

  constructor (deps: FanOutDeps) {
    this.#d = deps
  }

  /**
   * Records the deliveries of one event that happened at `at`. Call inside the transaction of the change
   * that caused it. `eventId` names the events row it carries, if any. Returns the deliveries' ids.
   */
  emit (account: LinkedAccount, event: string, data: Record<string, unknown>, at: number, eventId: string | null = null): string[] {
    const { repo, streams } = this.#d
    const targets = this.#d.targets.matching(account, event, at)
    if (targets.length === 0) return []
    const linkedAccount = linkedAccountObject(account, this.#d.origin())
    const { key } = this.#d.keys.of(account.tenantId)
    const ids: string[] = []
    let earliest = Infinity
    for (const t of targets) {
      const url = t.url.replace(/\{category\}/g, account.category)
      // The exact bytes sent are the bytes signed; the journal keeps them.
      const body = JSON.stringify({ hook: { id: t.id, event, target: url }, linked_account: linkedAccount, data })
      const plan = this.#d.faults.plan(account.tenantId, account.id, at)
      const signature = webhookSignature(plan.wrongKey ? Buffer.from(streams.random.bytes(32)).toString('base64url') : key, body)
      const id = streams.ids.uuid()
      const base = { tenantId: account.tenantId, linkedAccountId: account.id, event, targetId: t.id, url, body, signature, createdAt: at, redeliveryOf: null, eventId }
      repo.addDelivery({ ...base, id, state: plan.dropped ? 'dropped' : 'pending', faults: plan.applied, nextAttemptAt: plan.dueAt, duplicateOf: null })
      ids.push(id)
      if (plan.duplicate && !plan.dropped) {
        const copy = streams.ids.uuid()
        repo.addDelivery({ ...base, id: copy, state: 'pending', faults: ['duplicate'], nextAttemptAt: plan.dueAt, duplicateOf: id })
        ids.push(copy)
      }
      if (plan.dueAt !== null) earliest = Math.min(earliest, plan.dueAt)
    }
    if (earliest !== Infinity) this.#d.dispatcher.wake(account.tenantId, earliest)
    return ids
  }

  /** emit in a transaction of its own: an event fired on demand. */
  emitNow (account: LinkedAccount, event: string, data: Record<string, unknown>, now: number): string[] {
    return this.#d.db.transaction(() => this.emit(account, event, data, now))()
  }

  /** Sends a delivery again as a new journal entry: the same bytes, signed with the tenant's current key. */
  redeliver (tenantId: number, id: string, now: number): Delivery {
    const original = this.delivery(tenantId, id)
    const copy = this.#d.streams.ids.uuid()
    this.#d.db.transaction(() => {
      this.#d.repo.addDelivery({
        id: copy,
        tenantId,
        linkedAccountId: original.linkedAccountId,
        event: original.event,
        targetId: original.targetId,
        url: original.url,
        body: original.body,
        signature: webhookSignature(this.#d.keys.of(tenantId).key, original.body),
        state: 'pending',
        faults: [],
        createdAt: now,
        nextAttemptAt: now,
        duplicateOf: null,
        redeliveryOf: original.id,
        eventId: original.eventId
      })
      this.#d.dispatcher.wake(tenantId, now)
    })()
    return this.#d.repo.delivery(copy)!
  }

  delivery (tenantId: number, id: string): Delivery {
    const d = this.#d.repo.delivery(id)
    if (d === undefined || d.tenantId !== tenantId) throw appError('WEBHOOK_DELIVERY_NOT_FOUND', { id })
    return d
  }

  deliveries (tenantId: number, filter: DeliveryFilter): Delivery[] { return this.#d.repo.list(tenantId, filter) }

  /** When a receiver first took each delivered linked-account event of the tenant (the events log's delivered_at). */
  deliveredEvents (tenantId: number): Map<string, number> { return this.#d.repo.deliveredEvents(tenantId) }
}
