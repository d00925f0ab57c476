import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'
import { accountRoutes } from './accounts/routes.js'
import { webhookListenerRoutes } from './accounts/webhook-listener.js'
import { controlRoutes } from './control/routes.js'
import { installLenientJson } from './http/json-body.js'
import { redactingLogSerializers as logSerializers } from './http/redact.js'
import { unifiedInterface } from './http/unified-interface.js'
import { linkRoutes } from './link/routes.js'
import { createIntegrationServices, type IntegrationServices } from './services.js'
import { registerData } from './data/index.js'
import { createSyncDataPort } from './sync/data-port-adapter.js'
import { registerSync } from './sync/index.js'
import { registerWebhooks } from './webhooks/index.js'
import { type FaultService, registerFaults } from './faults/index.js'
import { widgetRoutes } from './widget/routes.js'
import { registerJournal } from './journal/index.js'
import { registerReport } from './report/index.js'
import { registerScenarios } from './scenarios/index.js'

export type { IntegrationServices } from './services.js'
export { integrations, integrationsFor, findIntegration } from './catalog/integrations.js'
export { createLinkWidgetPort } from './link/widget-port-adapter.js'

/**
 * Registers the unified service: its error dialect for /api and /{category}/v1, the link flow and linked
 * accounts under /api/{category}/v1, and their control routes under /_unimock. Returns the shared services
 * for the other unified-service domains, which register below.
 */
export function registerIntegration (app: FastifyInstance, context: AppContext): IntegrationServices & { readonly faults: FaultService } {
  const services = createIntegrationServices(context)
  context.interfaces.add(unifiedInterface)

  // Tokens travel in some paths (account-token/{public_token}); request logs show them redacted.
  void app.register(async (api) => {
    installLenientJson(api)
    await api.register(linkRoutes, { services })
    await api.register(accountRoutes, { services })
  }, { logSerializers })
  void app.register(controlRoutes, { prefix: '/_unimock', services, logSerializers })
  void app.register(widgetRoutes, { prefix: '/link', port: services.widgetPort, interfaces: context.interfaces, logSerializers })

  // The sync scheduler writes the data over time (initial sync passes, periodic syncs), not the link itself.
  const data = registerData(app, context, services, { syncOnLink: false })
  const sync = registerSync(app, context, services, createSyncDataPort(data))
  const webhooks = registerWebhooks(app, context, services, sync)
  void app.register(webhookListenerRoutes, { services, sync, clock: context.clock, logSerializers })
  // The journal's hooks come before the faults': a faulted request is journaled like any other.
  const journal = registerJournal(app, context, services)
  // The routes above load when the app starts, after this call: each gets the fault check.
  const faults = registerFaults(app, context, services, {
    modelAt: (category, segment) => data.catalogue.bySegment(category, segment)?.id,
    modelCategory: (id) => data.catalogue.byId(id)?.category
  })
  registerReport(app, context, services, { journal, sync, webhooks })
  // Scenarios act through the routes above (app.inject), as a user's own calls would.
  registerScenarios(app, context, services, { modelCategory: (id) => data.catalogue.byId(id)?.category })
  return { ...services, faults }
}
