import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import type { JournalStore } from '../journal/journal-store.js'
import type { IntegrationServices } from '../services.js'
import type { SyncService } from '../sync/sync-service.js'
import type { WebhookService } from '../webhooks/webhook-service.js'
import { reportRoutes } from './routes.js'

export { buildReport, RULES } from './report.js'
export type { Finding, ReportInput } from './report-input.js'

/** Registers GET /_unimock/report, which reads the request journal and the unified service's state. */
export function registerReport (app: FastifyInstance, context: AppContext, services: IntegrationServices,
  deps: { readonly journal: JournalStore, readonly sync: SyncService, readonly webhooks: WebhookService }): void {
  const sources = { journal: deps.journal, accounts: services.accounts, sync: deps.sync, webhooks: deps.webhooks }
  void app.register(reportRoutes, { prefix: '/_unimock', services, sources, clock: context.clock })
}
