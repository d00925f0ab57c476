import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import { createIds } from '../../core/ids.js'
import type { IntegrationServices } from '../services.js'
import { packageScenarios } from './files.js'
import { ScenarioLibrary } from './library.js'
import type { ScenarioChecks } from './loader.js'
import type { ScenarioAnswer, ScenarioPort } from './port.js'
import { scenarioRoutes } from './routes.js'
import { ScenarioRunner } from './runner.js'

export { loadScenario, ScenarioError } from './loader.js'

/**
 * Registers scenarios: files of timed steps played on the one scheduler, acting through the app's own routes
 * (app.inject), so a step is exactly the equivalent control or integrator call.
 */
export function registerScenarios (app: FastifyInstance, context: AppContext, services: IntegrationServices, checks: ScenarioChecks): ScenarioRunner {
  let generation = 0
  const port: ScenarioPort = {
    async call (c): Promise<ScenarioAnswer> {
      const headers: Record<string, string> = { authorization: c.authorization }
      if (c.accountToken !== undefined) headers['x-account-token'] = c.accountToken
      if (c.body !== undefined) headers['content-type'] = 'application/json'
      const res = await app.inject({ method: c.method, url: c.path, headers, ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }) })
      const type = String(res.headers['content-type'] ?? '')
      let body: unknown = res.body
      if (type.includes('json') && res.body !== '') body = JSON.parse(res.body)
      return { status: res.statusCode, headers: res.headers, body }
    }
  }
  const runner = new ScenarioRunner({
    clock: context.clock,
    scheduler: context.scheduler,
    port,
    ids: () => createIds(context.random.fork(`scenarios:${generation++}`)),
    log: { error: (obj, msg) => { app.log.error(obj, msg) } }
  })
  const library = new ScenarioLibrary(packageScenarios(), checks, context.config)
  context.onReset(() => { generation = 0; runner.reset() })
  void app.register(scenarioRoutes, { prefix: '/_unimock', services, runner, library, clock: context.clock })
  return runner
}
