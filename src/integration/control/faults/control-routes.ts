import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { iso } from '../../../core/iso.js'
import { Problem } from '../../../http/problem.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import { checkFaultFields, type Fault, type FaultService } from './fault-service.js'
import { FaultList, FaultParams, FaultsDeleted, FaultView, NewFaultBody } from './schemas.js'
import { touching } from '../../../http/route-facts.js'

export interface FaultRouteOptions {
  readonly auth: UnifiedAuth
  readonly faults: FaultService
}

export const faultView = (f: Fault): FaultView => ({
  id: f.id,
  kind: f.kind,
  status: f.status,
  retry_after: f.retryAfter,
  latency_ms: f.latencyMs,
  quirk: f.quirk,
  scope: { ...f.scope },
  count: f.count,
  probability: f.probability,
  remaining: f.remaining,
  hits: f.hits,
  created_at: iso(f.createdAt)
})

/** The control API of service faults under /_unimock/faults, per tenant (the Bearer API key). */
export const faultRoutes: FastifyPluginAsync<FaultRouteOptions> = async (app, { auth, faults }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)

  r.post('/faults', {
    config: touching('requests', 'sync'),
    onRequest: auth.tenant,
    // Before validation, which would drop an unknown (misspelt) field and widen the fault.
    preValidation: async (request) => { checkFaultFields(request.body) },
    schema: {
      tags,
      summary: 'Add a service fault to the unified service: a status, latency, a reset or hung connection, or a quirk',
      body: NewFaultBody,
      response: { 201: FaultView, 400: Problem, 401: Problem, 413: Problem, 415: Problem }
    }
  }, async (request, reply) => reply.code(201).send(faultView(faults.add(requestTenant(request).id, request.body))))

  r.get('/faults', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The service faults of this API key in creation order, with their remaining counts and hits', response: { 200: FaultList, 401: Problem } }
  }, async (request) => ({ results: faults.list(requestTenant(request).id).map(faultView) }))

  r.delete('/faults/:id', {
    config: touching('requests', 'sync'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Delete one service fault', params: FaultParams, response: { 200: FaultsDeleted, 400: Problem, 401: Problem, 404: Problem } }
  }, async (request) => {
    faults.remove(requestTenant(request).id, request.params.id)
    return { deleted: 1 }
  })

  r.delete('/faults', {
    config: touching('requests', 'sync'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Delete every service fault of this API key', response: { 200: FaultsDeleted, 401: Problem } }
  }, async (request) => ({ deleted: faults.clear(requestTenant(request).id) }))
}
