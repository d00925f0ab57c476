import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import { durationMs } from '../../config.js'
import { createIds } from '../../core/ids.js'
import type { IntegrationServices } from '../services.js'
import type { SyncService } from '../sync/sync-service.js'
import { deletedData, linkedData, modelSyncedData, syncCompletedData } from './payloads.js'
import { webhookRoutes } from './routes.js'
import { SYNCED_SUFFIX, webhookModelName } from './webhook-models.js'
import { WebhookRepository } from './webhook-repository.js'
import { WebhookService } from './webhook-service.js'

export type { WebhookService } from './webhook-service.js'

/**
 * Registers webhooks: every event (LinkedAccount.linked / sync_completed / deleted, {Model}.synced) becomes
 * signed deliveries in the transaction of its change; the dispatch job sends them through the app's undici
 * dispatcher; the control routes under /_unimock/webhooks manage targets, the journal and delivery faults.
 */
export function registerWebhooks (app: FastifyInstance, context: AppContext, services: IntegrationServices, sync: SyncService): WebhookService {
  const { db, clock, config } = context
  const repo = new WebhookRepository(db)
  // Every id minted here becomes a row, which moves a sqlite_sequence: after a restart (or a reset) the
  // label differs, so a file database never sees an id repeated.
  const sequences = db.prepare("SELECT group_concat(seq) FROM sqlite_sequence WHERE name IN ('webhook_deliveries', 'webhook_targets', 'webhook_faults')").pluck()
  const streams = () => {
    const label = `webhooks:${String(sequences.get() ?? '')}`
    return { ids: createIds(context.random.fork(label + ':ids')), random: context.random.fork(label) }
  }
  const origin = (): string => {
    const address = app.server.address()
    if (address !== null && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      return `http://${host}:${address.port}`
    }
    return `http://${config.host}:${config.port}`
  }
  const webhooks = new WebhookService({
    db,
    clock,
    scheduler: context.scheduler,
    repo,
    dispatcher: context.dispatcher,
    streams,
    flagUrls: config.webhookUrls,
    secret: config.webhookSecret,
    timeoutMs: durationMs(config.webhookTimeout),
    origin,
    log: { error: (obj, msg) => { app.log.error(obj, msg) } },
    // An outbox row of events (LinkedAccount.linked / deleted) is "delivered" once fanned out into webhook
    // deliveries, which happens in the transaction that recorded it; the journal tracks each HTTP delivery.
    handOver: (now) => { for (const e of services.outbox.due(now, 1000)) services.outbox.markDelivered(e.id, now) }
  })

  // Listeners run inside the change's transaction: the deliveries commit (or roll back) with it.
  services.onAccountLinked((e) => {
    webhooks.emit(e.account, 'LinkedAccount.linked', linkedData(e.account, e.isRelink), e.at)
    webhooks.wakeAt(e.at)
  })
  // The account row is deleted right after the listeners run: its snapshot goes into the payload now.
  services.onAccountDeleted((account, at) => {
    webhooks.emit(account, 'LinkedAccount.deleted', deletedData(account), at)
    webhooks.wakeAt(at)
  })
  // The sync work reads each finished model back only when someone listens (hundreds of thousands of syncs a
  // simulated day): listen from the first target on, not before.
  let listening = false
  const listen = (): void => {
    if (listening) return
    listening = true
    sync.onModelSyncFinished((e) => {
      if (webhooks.targets(e.account.tenantId).length === 0) return
      const account = services.accounts.get(e.account.id)
      const now = clock.now()
      webhooks.emit(account, webhookModelName(account.category, e.state.modelName) + SYNCED_SUFFIX, modelSyncedData(account, e.state, e.syncedFields), now)
      if (e.accountSyncCompleted) {
        webhooks.emit(account, 'LinkedAccount.sync_completed', syncCompletedData(account, sync.states(account.id), e.wasInitialSync), now)
      }
    })
  }
  if (config.webhookUrls.length > 0 || repo.anyTarget()) listen()
  webhooks.onTargetAdded(listen)

  context.onReset(() => { webhooks.reset() })
  app.addHook('onReady', async () => { webhooks.resume() })
  app.addHook('onClose', async () => { await webhooks.close() })

  void app.register(webhookRoutes, { prefix: '/_unimock', services, webhooks, sync, clock })
  return webhooks
}
