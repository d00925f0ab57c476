import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ClockState } from '../server-control/schemas.js'
import type { TenantClocks } from '../core/tenant-clocks.js'
import { iso } from '../core/iso.js'
import { Problem } from '../http/problem.js'
import type { UnifiedService } from '../integration/compose.js'
import { requestOrigin, requestTenant } from '../integration/base/accounts/request-auth.js'
import { controlAccount } from '../integration/control/linked-accounts/control-account.js'
import { ControlAccountList } from '../integration/control/linked-accounts/schemas.js'
import { TenantSyncSummary } from '../integration/background/sync/schemas.js'
import { syncSummary } from '../integration/background/sync/sync-view.js'

export interface OverviewOptions {
  readonly unified: UnifiedService
  readonly clocks: TenantClocks
}

const Overview = Type.Object({
  clock: ClockState,
  linked_accounts: ControlAccountList,
  sync_summary: TenantSyncSummary
})

/**
 * GET /_unimock/overview: what GET /clock, /linked-accounts and /sync/summary answer for the key, in one
 * answer read at one instant. The dashboard's first view reads it instead of the three: in headless Chromium
 * on one core each request a page starts costs its renderer 10-40 ms (bench/dashboard.bench.js).
 */
export const overviewRoute: FastifyPluginAsync<OverviewOptions> = async (app, { unified, clocks }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/overview', {
    onRequest: unified.auth.tenant,
    schema: {
      tags: ['control'],
      summary: 'The clock, every linked account and their sync summary, as GET /clock, /linked-accounts and /sync/summary answer them, in one read',
      response: { 200: Overview, 401: Problem }
    }
  }, async (request) => {
    const tenant = requestTenant(request)
    const origin = requestOrigin(request)
    const accounts = unified.accounts.all(tenant)
    return {
      clock: { now: iso(clocks.of(tenant.id).now()), mode: clocks.base.mode },
      linked_accounts: { results: accounts.map((a) => controlAccount(a, origin)) },
      sync_summary: syncSummary(unified.sync, accounts.map((a) => a.id))
    }
  })
}
