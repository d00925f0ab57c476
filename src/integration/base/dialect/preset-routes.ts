import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type TSchema, Type } from '@sinclair/typebox'
import { appError, type ErrorCode } from '../../../core/errors.js'
import { Problem } from '../../../http/problem.js'
import type { TenantPresets } from '../../../store/tenant-presets.js'
import { touching } from '../../../http/route-facts.js'

export interface PresetRouteOptions<P extends { readonly id: number }> {
  /** The collection's path under the control API, e.g. /write-presets. */
  readonly path: string
  /** What the presets are of, for the summaries: "write", "passthrough". */
  readonly noun: string
  /** The tenant's authentication hook, and the tenant it found (kept apart: http/ does not import accounts/). */
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly tenantId: (request: FastifyRequest) => number
  readonly presets: TenantPresets<P>
  readonly View: TSchema
  readonly view: (p: P) => Record<string, unknown>
  readonly notFound: ErrorCode
}

/**
 * The reading and deleting routes every kind of preset has, per tenant (the Bearer API key): the list in the
 * order calls take them, one deleted by id, every one deleted. Each kind declares its own POST.
 */
export function presetRoutes<P extends { readonly id: number }> (app: FastifyInstance, o: PresetRouteOptions<P>): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  r.get(o.path, {
    onRequest: o.authenticate,
    schema: { tags, summary: `The ${o.noun} presets of this API key still to apply, in the order calls take them`, response: { 200: Type.Object({ results: Type.Array(o.View) }), 401: Problem } }
  }, async (request) => ({ results: o.presets.list(o.tenantId(request)).map(o.view) }))

  r.delete(`${o.path}/:id`, {
    config: touching('accounts', 'sync'),
    onRequest: o.authenticate,
    schema: { tags, summary: `Delete one ${o.noun} preset`, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Object({ deleted: Type.Integer() }), 400: Problem, 401: Problem, 404: Problem } }
  }, async (request) => {
    if (!o.presets.remove(o.tenantId(request), request.params.id)) throw appError(o.notFound, { id: request.params.id })
    return { deleted: 1 }
  })

  r.delete(o.path, {
    config: touching('accounts', 'sync'),
    onRequest: o.authenticate,
    schema: { tags, summary: `Delete every ${o.noun} preset of this API key`, response: { 200: Type.Object({ deleted: Type.Integer() }), 401: Problem } }
  }, async (request) => ({ deleted: o.presets.clear(o.tenantId(request)) }))
}
