import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Problem } from '../../../http/problem.js'
import type { Clock } from '../../../core/clock.js'
import { parseDuration } from '../../../core/durations.js'
import { appError } from '../../../core/errors.js'
import { iso } from '../../../core/iso.js'
import type { AccountService } from '../../base/accounts/account-service.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { CATEGORIES, isCategory } from '../../base/catalogue/categories.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import type { SyncState } from '../sync/sync-state.js'
import type { DeliveryFaults } from './delivery-faults.js'
import type { FanOut } from './fan-out.js'
import { onDemandData } from './on-demand.js'
import {
  Deleted, DeliveryList, TargetDeleteQuery, DeliveryQuery, DeliveryView, FaultBody, FaultList, FaultParams, SendBody, SignatureKey, TargetBody, TargetList, TargetParams, TargetView
} from './schemas.js'
import type { SignatureKeys } from './signature-keys.js'
import type { Target, WebhookTargets } from './targets.js'
import type { Delivery, StoredFault } from './webhook-repository.js'
import { touching } from '../../../http/route-facts.js'

export interface WebhookRouteOptions {
  readonly auth: UnifiedAuth
  readonly accounts: AccountService
  readonly targets: WebhookTargets
  readonly keys: SignatureKeys
  readonly fanOut: FanOut
  readonly faults: DeliveryFaults
  /** Every model's sync state now: the data of an event sent on demand. */
  readonly syncStates: (accountId: string) => SyncState[]
  readonly clock: Clock
}

const targetView = (t: Target): TargetView => ({
  id: t.id, url: t.url, events: t.events === null ? null : [...t.events], category: t.category, source: t.source, created_at: t.source === 'flag' ? null : iso(t.createdAt)
})

export const deliveryView = (d: Delivery): DeliveryView => ({
  id: d.id,
  seq: d.seq,
  event: d.event,
  linked_account_id: d.linkedAccountId,
  target_id: d.targetId,
  url: d.url,
  state: d.state,
  created_at: iso(d.createdAt),
  next_attempt_at: d.nextAttemptAt === null ? null : iso(d.nextAttemptAt),
  payload: JSON.parse(d.body) as unknown,
  body: d.body,
  signature: d.signature,
  attempts: d.attempts.map((a) => ({ at: iso(a.at), status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
  faults: [...d.faults],
  duplicate_of: d.duplicateOf,
  redelivery_of: d.redeliveryOf
})

const faultView = (f: StoredFault) => ({ id: f.seq, kind: f.kind, remaining: f.remaining, fraction: f.fraction, delay_ms: f.delayMs, created_at: iso(f.createdAt) })

/** The control API of webhooks under /_unimock/webhooks, per tenant (the Bearer API key). */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { auth, accounts, targets, keys, fanOut, faults, syncStates, clock }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)
  const emptyBody = async (request: { body: unknown }): Promise<void> => { request.body ??= {} }

  r.post('/webhooks/targets', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Add a webhook target of this API key', body: TargetBody, response: { 201: TargetView, 400: Problem, 401: Problem, 413: Problem, 415: Problem } }
  }, async (request, reply) => {
    const { url, events, category } = request.body
    if (category !== undefined && !isCategory(category)) throw appError('WEBHOOK_BAD_CATEGORY', { value: category, allowed: CATEGORIES.join(', ') })
    const target = targets.add(requestTenant(request).id, { url, events: events ?? null, category: category ?? null })
    return reply.code(201).send(targetView(target))
  })

  r.get('/webhooks/targets', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The webhook targets of this API key (--webhook-url ones first)', response: { 200: TargetList, 401: Problem } }
  }, async (request) => ({ results: targets.all(requestTenant(request).id).map(targetView) }))

  r.delete('/webhooks/targets', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Delete the control-API webhook targets of this API key: every one, or those with ?url=',
      querystring: TargetDeleteQuery,
      response: { 200: Deleted, 400: Problem, 401: Problem }
    }
  }, async (request) => ({ deleted: targets.removeAll(requestTenant(request).id, request.query.url) }))

  r.delete('/webhooks/targets/:id', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Delete one webhook target', params: TargetParams, response: { 200: Deleted, 401: Problem, 404: Problem, 409: Problem } }
  }, async (request) => {
    targets.remove(requestTenant(request).id, request.params.id)
    return { deleted: 1 }
  })

  r.get('/webhooks/signature-key', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The key this API key\'s webhooks are signed with', response: { 200: SignatureKey, 401: Problem } }
  }, async (request) => ({
    ...keys.of(requestTenant(request).id),
    header: 'X-Merge-Webhook-Signature' as const,
    algorithm: 'base64url (with = padding) of HMAC-SHA256(key, raw body bytes)'
  }))

  r.get('/webhooks/deliveries', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The delivery journal: every delivery with its payload, signature, state and attempts', querystring: DeliveryQuery, response: { 200: DeliveryList, 400: Problem, 401: Problem } }
  }, async (request) => {
    const q = request.query
    const limit = q.limit ?? 100
    const rows = fanOut.deliveries(requestTenant(request).id, { event: q.event, account: q.account, state: q.state, afterSeq: q.after ?? 0, limit })
    return { results: rows.map(deliveryView), next_after: rows.length === limit ? rows[rows.length - 1]!.seq : null }
  })

  r.get('/webhooks/deliveries/:id', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'One delivery of the journal', params: TargetParams, response: { 200: DeliveryView, 401: Problem, 404: Problem } }
  }, async (request) => deliveryView(fanOut.delivery(requestTenant(request).id, request.params.id)))

  r.post('/webhooks/deliveries/:id/redeliver', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    preValidation: emptyBody,
    schema: { tags, summary: 'Send a delivery again (a new journal entry with the same body, signed with the current key)', params: TargetParams, response: { 202: DeliveryView, 400: Problem, 401: Problem, 404: Problem, 413: Problem, 415: Problem } }
  }, async (request, reply) => reply.code(202).send(deliveryView(fanOut.redeliver(requestTenant(request).id, request.params.id, clock.now()))))

  r.post('/webhooks/faults', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Add a delivery fault: drop, delay, duplicate, out_of_order or wrong_signature', body: FaultBody, response: { 201: FaultList, 400: Problem, 401: Problem, 413: Problem, 415: Problem } }
  }, async (request, reply) => {
    const b = request.body
    let delayMs: number | null = null
    if (b.delay !== undefined) {
      const ms = parseDuration(b.delay)
      if (ms === undefined) throw appError('WEBHOOK_BAD_FAULT', { kind: b.kind, reason: `"${b.delay}" is not a duration (use e.g. 500ms, 30s, 5m)` })
      delayMs = ms
    }
    if (b.kind === 'delay' && delayMs === null) throw appError('WEBHOOK_BAD_FAULT', { kind: b.kind, reason: 'give "delay", how long to hold each delivery back' })
    if (b.kind === 'out_of_order' && (b.count === undefined || b.count < 2)) {
      throw appError('WEBHOOK_BAD_FAULT', { kind: b.kind, reason: 'give "count" of at least 2: the next count deliveries arrive in reverse order' })
    }
    if (b.kind === 'out_of_order' && b.fraction !== undefined) throw appError('WEBHOOK_BAD_FAULT', { kind: b.kind, reason: '"fraction" does not apply; give "count"' })
    const list = faults.add(requestTenant(request).id, {
      kind: b.kind, count: b.count ?? null, fraction: b.fraction ?? null, delayMs: b.kind === 'out_of_order' ? (delayMs ?? 1000) : delayMs
    })
    return reply.code(201).send({ results: list.map(faultView) })
  })

  r.get('/webhooks/faults', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The delivery faults in force for this API key', response: { 200: FaultList, 401: Problem } }
  }, async (request) => ({ results: faults.list(requestTenant(request).id).map(faultView) }))

  r.delete('/webhooks/faults/:id', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Remove one delivery fault of this API key', params: FaultParams, response: { 200: FaultList, 400: Problem, 401: Problem, 404: Problem } }
  }, async (request) => {
    const tenant = requestTenant(request).id
    faults.remove(tenant, request.params.id)
    return { results: faults.list(tenant).map(faultView) }
  })

  r.delete('/webhooks/faults', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Clear every delivery fault of this API key', response: { 200: FaultList, 401: Problem } }
  }, async (request) => {
    faults.clear(requestTenant(request).id)
    return { results: [] }
  })

  r.post('/webhooks/send', {
    config: touching('webhooks'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Send any event of a linked account now, with the real payload shape',
      body: SendBody,
      response: { 202: DeliveryList, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request, reply) => {
    const tenant = requestTenant(request)
    const account = accounts.byId(tenant, request.body.linked_account_id)
    const data = { ...onDemandData(account, request.body.event, syncStates(account.id)), ...request.body.data }
    const now = clock.now()
    const ids = fanOut.emitNow(account, request.body.event, data, now)
    return reply.code(202).send({ results: ids.map((id) => deliveryView(fanOut.delivery(tenant.id, id))), next_after: null })
  })
}
