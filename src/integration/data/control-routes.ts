import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import { Problem } from '../../admin/schemas.js'
import { appError } from '../../core/errors.js'
import { requestTenant } from '../http/account-auth.js'
import { installLenientJson } from '../http/json-body.js'
import type { IntegrationServices } from '../services.js'
import type { DataService } from './service.js'
import { formatMicros } from './timestamps.js'

const Params = Type.Object({ id: Type.String({ description: 'linked account id' }) })

const SyncPassBody = Type.Object({
  model_id: Type.Optional(Type.String({ description: '{category}.{ModelName}, e.g. hris.Employee; every model of the account when absent' })),
  max_records: Type.Optional(Type.Integer({ minimum: 1, description: 'write at most this many records per model; the rest stays pending' }))
}, { additionalProperties: false })
type SyncPassBody = Static<typeof SyncPassBody>

const PassResult = Type.Object({
  model_id: Type.String(),
  modified_at: Type.String({ format: 'date-time', description: 'the modified_at of every record the pass wrote' }),
  created: Type.Integer(),
  changed: Type.Integer(),
  deleted: Type.Integer(),
  rewritten: Type.Integer(),
  remaining: Type.Integer({ description: 'records still pending: initial records, remote changes due by now' })
})

const SyncPassResults = Type.Object({ results: Type.Array(PassResult) })

/**
 * Control routes of the simulated third-party data (under /_unimock, API key picks the tenant): run a sync pass
 * now, making what changed in the simulated system visible without waiting for a scheduled sync.
 */
export const dataControlRoutes: FastifyPluginAsync<{ data: DataService, services: IntegrationServices }> = async (app, { data, services }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  installLenientJson(app)
  const emptyBody = async (request: { body: unknown }): Promise<void> => { request.body ??= {} }

  r.post('/linked-accounts/:id/data/sync-pass', {
    onRequest: services.auth.tenant,
    preValidation: emptyBody,
    schema: {
      tags: ['control'],
      summary: 'Run one sync pass now: write the pending records (initial load, remote changes due by now) of one model or all',
      params: Params,
      body: SyncPassBody,
      response: { 200: SyncPassResults, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request) => {
    const account = services.accounts.byId(requestTenant(request), request.params.id)
    if (account.completedAt === null) throw appError('DATA_ACCOUNT_NOT_LINKED', { id: account.id })
    const body: SyncPassBody = request.body
    const models = body.model_id === undefined
      ? data.catalogue.inCategory(account.category).map((m) => m.id)
      : [body.model_id]
    for (const id of models) {
      if (data.catalogue.byId(id)?.category !== account.category) {
        throw appError('DATA_MODEL_NOT_FOUND', { model: id, category: account.category, example: data.catalogue.inCategory(account.category)[0]!.id })
      }
    }
    const results = models.map((id) => data.runSyncPass(account.id, id, { maxRecords: body.max_records }))
    return {
      results: results.map((p) => ({
        model_id: p.modelId,
        modified_at: formatMicros(p.stampUs),
        created: p.created,
        changed: p.changed,
        deleted: p.deleted,
        rewritten: p.rewritten,
        remaining: p.remaining
      }))
    }
  })
}
