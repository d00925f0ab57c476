import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import type { WebhookReceiverRepository } from './webhook-receiver-repository.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'

export interface WebhookReceiver { event: string, is_active: boolean, key: string | null }

/** POST webhook-receivers added or changed one of an account's receivers; the audit trail records it. */
export interface WebhookReceiverChanged {
  readonly tenantId: number
  readonly accountId: string
  readonly event: string
  readonly change: 'created' | 'updated'
  readonly isActive: boolean
  readonly at: number
}

/** The webhook receivers domain's entries in the event map (integration/domain-events.ts). */
export interface WebhookReceiverEvents {
  'webhook-receiver:changed': WebhookReceiverChanged
}

const ACTIONS = ['created', 'updated', 'deleted']
const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()

/**
 * Receivers of the webhooks a linked account's third party sends to Merge (facts §13), switched on or off
 * per account; not the organization's webhook targets. The vocabulary of `event` is unpublished: unimock
 * takes `<model>.<created|updated|deleted>` for the common models of the account's category
 * (`employee.updated`, `time_off.deleted`), so a typo is a 400 rather than a receiver that never fires.
 * POST with an existing event updates that receiver; the list keeps creation order.
 */
export class WebhookReceivers {
  readonly #repo: WebhookReceiverRepository
  readonly #clock: Clock
  readonly #catalogue: Catalogue
  readonly #events: Emitter<WebhookReceiverEvents>

  constructor (deps: { repo: WebhookReceiverRepository, clock: Clock, catalogue: Catalogue, events: Emitter<WebhookReceiverEvents> }) {
    this.#repo = deps.repo
    this.#clock = deps.clock
    this.#catalogue = deps.catalogue
    this.#events = deps.events
  }

  list (accountId: string): WebhookReceiver[] {
    return this.#repo.list(accountId).map((r) => ({ event: r.event, is_active: r.isActive, key: r.key }))
  }

  upsert (tenantId: number, accountId: string, category: string, input: { event: string, is_active: boolean, key?: string | undefined }): WebhookReceiver {
    const models = this.#catalogue.inCategory(category).map((m) => snake(m.name))
    const [model, action, ...rest] = input.event.split('.')
    if (rest.length > 0 || model === undefined || !models.includes(model) || action === undefined || !ACTIONS.includes(action)) {
      throw appError('WEBHOOK_RECEIVER_UNKNOWN_EVENT', { event: input.event, category, example: `${models[0] ?? 'model'}.updated` })
    }
    const now = this.#clock.now()
    return this.#repo.transaction(() => {
      const existing = this.#repo.exists(accountId, input.event)
      this.#repo.upsert(accountId, input.event, input.is_active, input.key ?? null)
      this.#events.emit('webhook-receiver:changed', { tenantId, accountId, event: input.event, change: existing ? 'updated' : 'created', isActive: input.is_active, at: now })
      return this.list(accountId).find((r) => r.event === input.event)!
    })
  }

  clear (): void { this.#repo.clear() }
}
