import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { AppContext } from '../../context.js'
import { requestAccount } from '../accounts/request-auth.js'
import type { IntegrationServices } from '../services.js'
import { loadCatalogue } from './catalogue.js'
import { dataControlRoutes } from './control-routes.js'
import type { DataSettings } from './data-sets.js'
import { dataRoutes } from './routes.js'
import { DataService } from './service.js'
import { parseVolumeOverrides } from './volumes.js'

export { DataService } from './service.js'
export type { SyncPassOptions, SyncPassResult, PendingWork } from './sync-pass.js'
export { formatMicros } from './timestamps.js'

/** The data settings from the app's config: seed, volumes (--data-scale, --data-volume), churn (--data-churn), cache (--data-cache-mb). */
export function dataSettingsFrom (config: Config, known: (key: string) => boolean): DataSettings {
  const overrides = parseVolumeOverrides(config.dataVolume, known)
  if (typeof overrides === 'string') throw new Error(`invalid value for --data-volume: ${overrides}`)
  const churn = config.dataChurn
  return {
    seed: config.seed,
    volumes: { scale: config.dataScale, overrides },
    churn: { changed: churn, created: churn / 4, deleted: churn / 10 },
    cacheBytes: Math.round(config.dataCacheMb * 1024 * 1024)
  }
}

/**
 * Registers the common-model data endpoints of every category and the data control routes, and wires the
 * data to the linked accounts' life: a deleted account's records go with it.
 */
export function registerData (app: FastifyInstance, context: AppContext, services: IntegrationServices): DataService {
  const catalogue = loadCatalogue()
  const known = (key: string): boolean => catalogue.models.some((m) => key === m.segment || key === m.id || key === `${m.category}.${m.segment}`)
  const data = new DataService({ db: context.db, clock: context.clock, catalogue, settings: dataSettingsFrom(context.config, known) })

  services.onAccountDeleted((account) => { data.deleteAccount(account.id) })
  context.onReset(() => { data.clear() })

  void app.register(dataRoutes, {
    data,
    authenticate: services.auth.account,
    accountId: (request) => requestAccount(request).account.id
  })
  void app.register(dataControlRoutes, { prefix: '/_unimock', data, services, clock: context.clock })
  return data
}
