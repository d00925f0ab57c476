import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import type { IntegrationServices } from '../services.js'
import { FaultRepository } from './fault-repository.js'
import { FaultService } from './fault-service.js'
import { installFaultHooks } from './fault-hooks.js'
import { faultRoutes } from './routes.js'

export type { Fault, FaultService } from './fault-service.js'
export { NewFaultBody } from './schemas.js'

/** How faults name models: the data catalogue, handed in so this domain does not reach into data's modules. */
export interface FaultModelLookup {
  /** The model id of a category's path segment (`hris`, `employees` → hris.Employee). */
  readonly modelAt: (category: string, segment: string) => string | undefined
  /** The category of a model id (`hris.Employee` → hris); undefined for an unknown model. */
  readonly modelCategory: (modelId: string) => string | undefined
}

/**
 * Registers service faults: per-tenant statuses, latency, resets, hangs and quirks on the unified service's
 * routes (never the plant store, the widget or the control API), stored in SQLite so a restart keeps them,
 * cleared by POST /_unimock/reset, and managed under /_unimock/faults. Call it before the unified routes
 * load (they load when the app starts), so each of them gets the fault check.
 */
export function registerFaults (app: FastifyInstance, context: AppContext, services: IntegrationServices, models: FaultModelLookup): FaultService {
  const faults = new FaultService({
    clock: context.clock,
    random: context.random,
    repo: new FaultRepository(context.db),
    modelCategory: models.modelCategory,
    accountCategory: (tenantId, accountId) => {
      try {
        const account = services.accounts.get(accountId)
        return account.tenantId === tenantId ? account.category : undefined
      } catch {
        return undefined
      }
    }
  })
  context.onReset(() => { faults.reset() })
  installFaultHooks(app, { faults, interfaces: context.interfaces, modelAt: models.modelAt })
  void app.register(faultRoutes, { prefix: '/_unimock', services, faults })
  return faults
}
