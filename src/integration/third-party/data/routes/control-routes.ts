import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import { Problem } from '../../../../http/problem.js'
import type { Clock } from '../../../../core/clock.js'
import { appError } from '../../../../core/errors.js'
import type { AccountService } from '../../../base/accounts/account-service.js'
import { requestTenant, type UnifiedAuth } from '../../../base/accounts/request-auth.js'
import { installLenientJson } from '../../../base/dialect/lenient-json.js'
import type { DataService } from '../service.js'
import { formatMicros } from '../../../../core/timestamps.js'
import { touching } from '../../../../http/route-facts.js'

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

const Count = (what: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: what }))
export const RemoteChangeBody = Type.Object({
  model_id: Type.String({ description: '{category}.{ModelName}, e.g. hris.Employee' }),
  created: Count('new records'),
  changed: Count('existing records changed (picked deterministically; one already deleted stays unchanged)'),
  deleted: Count('existing records deleted (remote_was_deleted once synced)')
}, { additionalProperties: false })
export type RemoteChangeBody = Static<typeof RemoteChangeBody>

const RemoteChangeResult = Type.Object({
  model_id: Type.String(),
  created: Type.Integer(),
  changed: Type.Integer(),
  deleted: Type.Integer(),
  pending: Type.Integer({ description: 'records the next sync of the model will write' })
})

/**
 * Control routes of the simulated third-party data (under /_unimock, API key picks the tenant): run a sync pass
 * now, making what changed in the simulated system visible without waiting for a scheduled sync.
 */
export const dataControlRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, accounts: AccountService, data: DataService, clock: Clock }> = async (app, { auth, accounts, data, clock }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  installLenientJson(app)
  const emptyBody = async (request: { body: unknown }): Promise<void> => { request.body ??= {} }
  const linkedAccount = (request: FastifyRequest & { params: Static<typeof Params> }) => {
    const account = accounts.byId(requestTenant(request), request.params.id)
    if (account.completedAt === null) throw appError('DATA_ACCOUNT_NOT_LINKED', { id: account.id })
    return account
  }
  const requireModel = (id: string, category: string): void => {
    if (data.catalogue.byId(id)?.category !== category) {
      throw appError('DATA_MODEL_NOT_FOUND', { model: id, category, example: data.catalogue.inCategory(category)[0]!.id })
    }
  }

  r.post('/linked-accounts/:id/data/remote-changes', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags: ['control'],
      summary: 'Change the simulated third-party data now: new, changed and deleted records the next sync of the model picks up',
      params: Params,
      body: RemoteChangeBody,
      response: { 201: RemoteChangeResult, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request, reply) => {
    const account = linkedAccount(request)
    const body: RemoteChangeBody = request.body
    requireModel(body.model_id, account.category)
    const counts = { created: body.created ?? 0, changed: body.changed ?? 0, deleted: body.deleted ?? 0 }
    if (counts.created + counts.changed + counts.deleted === 0) throw appError('DATA_REMOTE_CHANGE_EMPTY', {})
    const now = clock.now()
    data.editRemote(account.id, body.model_id, counts, now)
    return reply.code(201).send({ model_id: body.model_id, ...counts, pending: data.pending(account.id, body.model_id, now).total })
  })

  r.post('/linked-accounts/:id/data/sync-pass', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    preValidation: emptyBody,
    schema: {
      tags: ['control'],
      summary: 'Run one sync pass now: write the pending records (initial load, remote changes due by now) of one model or all',
      params: Params,
      body: SyncPassBody,
      response: { 200: SyncPassResults, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request) => {
    const account = linkedAccount(request)
    const body: SyncPassBody = request.body
    const models = body.model_id === undefined
      ? data.catalogue.inCategory(account.category).map((m) => m.id)
      : [body.model_id]
    for (const id of models) requireModel(id, account.category)
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
