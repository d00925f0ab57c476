import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Problem } from '../../../http/problem.js'
import type { Clock } from '../../../core/clock.js'
import { iso } from '../../../core/iso.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import type { ScenarioLibrary } from './library.js'
import type { ScenarioRunner } from './runner.js'
import { runView } from './run-view.js'
import { CheckAnswer, RunBody, RunParams, RunView, ScenarioList } from './schemas.js'
import { touching } from '../../../http/route-facts.js'

/** Scenario control routes (under /_unimock); the API key picks the tenant the run acts for. */
export const scenarioRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, runner: ScenarioRunner, library: ScenarioLibrary, clock: Clock }> = async (app, { auth, runner, library, clock }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)

  r.get('/scenarios', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The scenario files of the scenarios folder, and this API key\'s runs', response: { 200: ScenarioList, 401: Problem } }
  }, async (request) => ({
    files: library.list(),
    runs: runner.runs(requestTenant(request).id).map((run) => ({ id: run.id, name: run.loaded.scenario.name, state: run.state, started_at: iso(run.startedAt) }))
  }))

  r.post('/scenarios/check', {
    config: touching('requests', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Validate a scenario without running it: 400 names the file, the step and the field',
      body: RunBody,
      response: { 200: CheckAnswer, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request) => {
    const { loaded } = library.load(request.body)
    return { ok: true as const, name: loaded.scenario.name, steps: loaded.scenario.steps.length, duration_ms: loaded.endOffset }
  })

  r.post('/scenarios/run', {
    config: touching('requests', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Run a scenario: on the virtual clock it plays to its end before the answer (200); otherwise it plays as time passes (202)',
      body: RunBody,
      response: { 200: RunView, 202: RunView, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request, reply) => {
    const { loaded, source } = library.load(request.body)
    const tenant = requestTenant(request).id
    // Behind any advance of the key's clock under way, as concurrent advances queue (never a run started mid-advance).
    if (clock.mode === 'virtual') await runner.waitForClock(tenant)
    const run = runner.start(tenant, request.headers.authorization!, loaded, source)
    if (clock.mode === 'virtual' && request.body.drive !== false) {
      await runner.drive(run)
      return reply.code(200).send(runView(run))
    }
    return reply.code(202).send(runView(run))
  })

  r.get('/scenarios/:run', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'A run\'s progress: each step\'s state, what it did, and its checks', params: RunParams, response: { 200: RunView, 401: Problem, 404: Problem } }
  }, async (request) => runView(runner.get(requestTenant(request).id, request.params.run)))
}
