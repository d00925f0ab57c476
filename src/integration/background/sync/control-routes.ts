import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Problem } from '../../../http/problem.js'
import type { Clock } from '../../../core/clock.js'
import { formatDuration, parseDuration } from '../../../core/durations.js'
import { appError } from '../../../core/errors.js'
import { iso } from '../../../core/iso.js'
import { AccountIdParams } from '../../base/accounts/schemas.js'
import type { AccountService } from '../../base/accounts/account-service.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import {
  AccountSyncView, ModelEnabledBody, NextSyncBody, SyncHistoryView, SyncIntervalAnswer, SyncIntervalBody, SyncNowBody, TenantSyncSummary,
  TenantSyncView
} from './schemas.js'
import type { SyncHistoryRepository } from './sync-history.js'
import type { SyncService } from './sync-service.js'
import { syncStatusRecord, syncSummary } from './sync-view.js'
import { touching } from '../../../http/route-facts.js'

export interface SyncControlOptions {
  readonly auth: UnifiedAuth
  readonly accounts: AccountService
  readonly sync: SyncService
  readonly history: SyncHistoryRepository
  readonly clock: Clock
  /** A model switched on or off here is the account's own READ scope too (scopes/), so defaults leave it be. */
  readonly modelEnabled: (accountId: string, modelId: string, enabled: boolean) => void
}

const ERRORS = { 400: Problem, 401: Problem, 404: Problem, 409: Problem } as const
const ModelParams = Type.Object({ id: Type.String({ minLength: 1 }), model_id: Type.String({ minLength: 1 }) })

function duration (value: string, field: string): number {
  const ms = parseDuration(value)
  if (ms === undefined || ms <= 0) throw appError('SYNC_BAD_DURATION', { value, field })
  return ms
}

/**
 * Control of the sync simulation under /_unimock, per tenant (the Bearer API key): preset how the next sync
 * ends, sync now, pause and resume, enable and disable models, and the tenant's sync interval.
 */
export const syncControlRoutes: FastifyPluginAsync<SyncControlOptions> = async (app, { auth, accounts, sync, history, clock, modelEnabled }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)
  const nullBody = async (request: { body: unknown }): Promise<void> => { request.body ??= null }
  const view = (id: string, paused: boolean) => ({ linked_account_id: id, paused, sync_status: sync.states(id).map(syncStatusRecord) })
  const owned = (request: Parameters<typeof requestTenant>[0], id: string): string => accounts.byId(requestTenant(request), id).id

  r.get('/linked-accounts/:id/sync', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The sync state of every model of a linked account', params: AccountIdParams, response: { 200: AccountSyncView, ...ERRORS } }
  }, async (request) => {
    const id = owned(request, request.params.id)
    return view(id, sync.paused(id))
  })

  r.get('/sync', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The sync state of every model of every linked account of the API key', response: { 200: TenantSyncView, 401: Problem } }
  }, async (request) => ({ results: accounts.all(requestTenant(request)).map((a) => view(a.id, sync.paused(a.id))) }))

  r.get('/sync/summary', {
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'How many models of every linked account of the API key are in each sync status',
      response: { 200: TenantSyncSummary, 401: Problem }
    }
  }, async (request) => syncSummary(sync, accounts.all(requestTenant(request)).map((a) => a.id)))

  r.get('/linked-accounts/:id/sync/history', {
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'The finished sync runs of a linked account, each model\'s start, finish and result (a bounded number, the newest)',
      params: AccountIdParams,
      response: { 200: SyncHistoryView, ...ERRORS }
    }
  }, async (request) => {
    const id = owned(request, request.params.id)
    const runs = history.forAccount(id).map((h) => ({
      model_id: h.modelId, started_at: iso(h.startedAt), finished_at: iso(h.finishedAt), result: h.result, was_initial_sync: h.wasInitial
    }))
    return { linked_account_id: id, runs }
  })

  r.put('/linked-accounts/:id/next-sync', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Preset how the next sync of one model (model_id) or of every model ends, and optionally how long it takes',
      params: AccountIdParams,
      body: NextSyncBody,
      response: { 200: AccountSyncView, ...ERRORS }
    }
  }, async (request) => {
    const id = owned(request, request.params.id)
    const ms = request.body.duration === undefined ? null : duration(request.body.duration, 'duration')
    sync.preset(id, request.body.model_id, request.body.result, ms)
    return view(id, sync.paused(id))
  })

  r.post('/linked-accounts/:id/sync-now', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    preValidation: nullBody,
    schema: { tags, summary: 'Start a sync now for every model (or model_id) that is not already syncing', params: AccountIdParams, body: SyncNowBody, response: { 200: AccountSyncView, ...ERRORS } }
  }, async (request) => {
    const id = owned(request, request.params.id)
    sync.syncNow(id, request.body?.model_id, clock.now())
    return view(id, false)
  })

  r.post('/linked-accounts/:id/pause', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Pause the account: every enabled model shows PAUSED and nothing is scheduled', params: AccountIdParams, response: { 200: AccountSyncView, ...ERRORS } }
  }, async (request) => {
    const id = owned(request, request.params.id)
    sync.requireLinked(id)
    sync.pause(id, 'control')
    return view(id, true)
  })

  r.post('/linked-accounts/:id/resume', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Resume a paused account: every enabled model syncs at once', params: AccountIdParams, response: { 200: AccountSyncView, ...ERRORS } }
  }, async (request) => {
    const id = owned(request, request.params.id)
    sync.requireLinked(id)
    sync.resume(id, clock.now())
    return view(id, false)
  })

  r.put('/linked-accounts/:id/models/:model_id', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Enable or disable one model (a disabled model never syncs and shows DISABLED)',
      params: ModelParams,
      body: ModelEnabledBody,
      response: { 200: AccountSyncView, ...ERRORS }
    }
  }, async (request) => {
    const id = owned(request, request.params.id)
    sync.setEnabled(id, request.params.model_id, request.body.enabled, clock.now())
    modelEnabled(id, request.params.model_id, request.body.enabled)
    return view(id, sync.paused(id))
  })

  r.get('/sync-interval', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The tenant\'s automatic sync interval', response: { 200: SyncIntervalAnswer, 401: Problem } }
  }, async (request) => {
    const ms = sync.intervalFor(requestTenant(request).id)
    return { interval_ms: ms, interval: formatDuration(ms) }
  })

  r.put('/sync-interval', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Set the tenant\'s automatic sync interval; it applies from each model\'s next finished sync',
      body: SyncIntervalBody,
      response: { 200: SyncIntervalAnswer, 400: Problem, 401: Problem }
    }
  }, async (request) => {
    const ms = duration(request.body.interval, 'interval')
    sync.setInterval(requestTenant(request).id, ms)
    return { interval_ms: ms, interval: formatDuration(ms) }
  })
}
