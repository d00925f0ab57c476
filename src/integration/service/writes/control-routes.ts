import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { appError } from '../../../core/errors.js'
import { iso } from '../../../core/iso.js'
import { Problem } from '../../../http/problem.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import { presetRoutes } from '../../base/dialect/preset-routes.js'
import type { WritePreset, WritePresets } from './presets.js'
import { NewPreset } from './schemas.js'
import { touching } from '../../../http/route-facts.js'

export interface WriteControlOptions {
  readonly auth: UnifiedAuth
  readonly presets: WritePresets
  readonly now: () => number
  /** Whether a model id names a model of the catalogue. */
  readonly knownModel: (modelId: string) => boolean
}

const PresetView = Type.Object({
  id: Type.Integer(),
  linked_account_id: Type.Union([Type.String(), Type.Null()]),
  model_id: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.Literal('fail'), Type.Literal('slow'), Type.Literal('warn')]),
  problem_type: Type.String(),
  message: Type.String(),
  delay_ms: Type.Integer(),
  remaining: Type.Integer(),
  created_at: Type.String()
}, { title: 'control.WritePreset' })


const view = (p: WritePreset): Record<string, unknown> => ({
  id: p.id,
  linked_account_id: p.accountId,
  model_id: p.modelId,
  outcome: p.outcome,
  problem_type: p.problemType,
  message: p.message,
  delay_ms: p.delayMs,
  remaining: p.remaining,
  created_at: iso(p.createdAt)
})

/** Write presets under /_unimock/write-presets, per tenant (the Bearer API key): what the next writes meet. */
export const writeControlRoutes: FastifyPluginAsync<WriteControlOptions> = async (app, o) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)

  r.post('/write-presets', {
    config: touching('accounts', 'sync'),
    onRequest: o.auth.tenant,
    schema: { tags, summary: 'Preset the next writes (of a model, an account, or all) to fail at the third party, be slow, or warn', body: NewPreset, response: { 201: PresetView, 400: Problem, 401: Problem } }
  }, async (request, reply) => {
    const b = request.body
    if (b.model_id !== undefined && !o.knownModel(b.model_id)) {
      throw appError('DATA_MODEL_NOT_FOUND', { model: b.model_id, category: 'crm', example: 'crm.Contact' })
    }
    const preset = o.presets.add({
      tenantId: requestTenant(request).id,
      accountId: b.linked_account_id ?? null,
      modelId: b.model_id ?? null,
      outcome: b.outcome,
      problemType: b.problem_type ?? (b.outcome === 'warn' ? 'WARNING' : 'PROVIDER_ERROR'),
      message: b.message ?? (b.outcome === 'fail' ? 'The third party refused the write.' : b.outcome === 'warn' ? 'The third party accepted the write with a warning.' : 'The third party answered slowly.'),
      delayMs: b.outcome === 'slow' ? (b.delay_ms ?? 5000) : 0,
      remaining: b.count ?? 1
    }, o.now())
    return reply.code(201).send(view(preset) as never)
  })

  presetRoutes(app, { path: '/write-presets', noun: 'write', authenticate: o.auth.tenant, tenantId: (request) => requestTenant(request).id, presets: o.presets, View: PresetView, view, notFound: 'WRITE_PRESET_NOT_FOUND' })
}
