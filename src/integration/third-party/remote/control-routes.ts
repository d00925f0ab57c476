import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { iso } from '../../../core/iso.js'
import { Problem } from '../../../http/problem.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import { presetRoutes } from '../../base/dialect/preset-routes.js'
import { PASSTHROUGH_TIMEOUT_MS } from './passthrough.js'
import type { PassthroughPreset, PassthroughPresets } from './passthrough-presets.js'
import { touching } from '../../../http/route-facts.js'

export interface PassthroughPresetOptions {
  readonly auth: UnifiedAuth
  readonly presets: PassthroughPresets
  readonly now: () => number
}

const Outcome = Type.Union([Type.Literal('fail'), Type.Literal('slow')])

const NewPassthroughPreset = Type.Object({
  outcome: Type.Union([Type.Literal('fail'), Type.Literal('slow')], {
    description: `fail: the third party answers status (inside the RemoteResponse) and changes nothing; slow: it takes delay_ms on the clock, and past ${PASSTHROUGH_TIMEOUT_MS / 1000} s a passthrough answers 408 (async passthrough just resolves later)`
  }),
  linked_account_id: Type.Optional(Type.String({ description: 'every linked account of the API key when absent' })),
  path_prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'only raw paths that start with it, e.g. /api/v1/employees; every path when absent' })),
  status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, description: 'fail: the third party\'s status; default 500' })),
  message: Type.Optional(Type.String({ maxLength: 2000 })),
  delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600_000, description: `slow: default ${PASSTHROUGH_TIMEOUT_MS + 5000} (past the timeout)` })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'how many calls take it; default 1' }))
}, { additionalProperties: false, title: 'control.NewPassthroughPreset' })

const PresetView = Type.Object({
  id: Type.Integer(),
  linked_account_id: Type.Union([Type.String(), Type.Null()]),
  path_prefix: Type.Union([Type.String(), Type.Null()]),
  outcome: Outcome,
  status: Type.Integer(),
  message: Type.String(),
  delay_ms: Type.Integer(),
  remaining: Type.Integer(),
  created_at: Type.String()
}, { title: 'control.PassthroughPreset' })

const view = (p: PassthroughPreset): Record<string, unknown> => ({
  id: p.id,
  linked_account_id: p.accountId,
  path_prefix: p.pathPrefix,
  outcome: p.outcome,
  status: p.status,
  message: p.message,
  delay_ms: p.delayMs,
  remaining: p.remaining,
  created_at: iso(p.createdAt)
})

/** Passthrough presets under /_unimock/passthrough-presets, per tenant (the Bearer API key). */
export const passthroughPresetRoutes: FastifyPluginAsync<PassthroughPresetOptions> = async (app, o) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)

  r.post('/passthrough-presets', {
    config: touching('accounts', 'sync'),
    onRequest: o.auth.tenant,
    schema: { tags, summary: 'Preset the next passthrough calls to fail at the third party or be slow (a 408 past the timeout)', body: NewPassthroughPreset, response: { 201: PresetView, 400: Problem, 401: Problem } }
  }, async (request, reply) => {
    const b = request.body
    const slow = b.outcome === 'slow'
    const preset = o.presets.add({
      tenantId: requestTenant(request).id,
      accountId: b.linked_account_id ?? null,
      pathPrefix: b.path_prefix ?? null,
      outcome: b.outcome,
      status: slow ? 0 : (b.status ?? 500),
      message: b.message ?? (slow ? 'The third party answered slowly.' : 'The third party failed to answer the request.'),
      delayMs: slow ? (b.delay_ms ?? PASSTHROUGH_TIMEOUT_MS + 5000) : 0,
      remaining: b.count ?? 1
    }, o.now())
    return reply.code(201).send(view(preset) as never)
  })

  presetRoutes(app, { path: '/passthrough-presets', noun: 'passthrough', authenticate: o.auth.tenant, tenantId: (request) => requestTenant(request).id, presets: o.presets, View: PresetView, view, notFound: 'PASSTHROUGH_PRESET_NOT_FOUND' })
}
