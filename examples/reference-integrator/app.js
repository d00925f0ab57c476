import Fastify from 'fastify'
import { pageRoutes } from './page-routes.js'
import { errorHandler, integratorRoutes } from './routes.js'
import { describe } from './retries.js'
import { Service } from './service.js'
import { Store } from './store.js'
import { Syncer } from './sync.js'
import { webhookRoutes } from './webhook.js'

/** The routes prefix, the spec's {app_prefix}. */
export const PREFIX = '/api/integrations'

/**
 * Wires the backend: the record store, the service client, the fetch logic and the routes. `config` holds
 * unimockUrl, apiKey, webhookKey, dbPath, timeoutMs, webhooks (the webhook design); `log` takes one line.
 */
export function buildApp (config, log) {
  const store = new Store(config.dbPath)
  const service = new Service({ url: config.unimockUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs })
  const syncer = new Syncer({ store, service, log })
  const app = Fastify({ logger: false })
  app.setErrorHandler(errorHandler(log))
  app.register(async (scope) => integratorRoutes(scope, { store, service, syncer, log }), { prefix: PREFIX })
  app.register(async (scope) => webhookRoutes(scope, { store, syncer, webhookKey: config.webhookKey, design: config.webhooks ?? 'verify-first', log }), { prefix: PREFIX })
  app.register(async (scope) => pageRoutes(scope, { apiKey: config.apiKey }))
  app.addHook('onClose', async () => store.close())

  /** The polling backup (Events 4): every linked integration through the same path as check-sync-status. */
  app.decorate('pollAll', async () => {
    for (const row of store.all()) {
      if (row.status === 'pending') continue
      await syncer.checkStatus(row.id).catch((error) => log(`poll of integration ${row.id}: ${describe(error)}`))
    }
  })
  return app
}
