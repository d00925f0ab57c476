import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { WebhookReceiverRepository } from './webhook-receiver-repository.js'
import { WebhookReceivers, type WebhookReceiverEvents } from './webhook-receivers.js'

/** The third party's webhooks an account receives (webhook-receivers). */
export function webhookReceiversModule (d: { db: Db, clock: Clock, catalogue: Catalogue, events: Emitter<WebhookReceiverEvents> }): { receivers: WebhookReceivers, module: DomainModule } {
  const receivers = new WebhookReceivers({ repo: new WebhookReceiverRepository(d.db), clock: d.clock, catalogue: d.catalogue, events: d.events })
  return { receivers, module: { reset: () => { receivers.clear() } } }
}
