import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Problem } from '../../../http/problem.js'
import { appError } from '../../../core/errors.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import type { JournalStore } from './journal-store.js'
import { JournalCleared, JournalPageView, JournalQuery } from './schemas.js'
import { entryView } from './views.js'
import { touching } from '../../../http/route-facts.js'

function instant (param: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = Date.parse(value)
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw appError('JOURNAL_BAD_FILTER', { param, reason: `"${value}" is not an ISO 8601 timestamp such as 2026-01-01T00:00:00Z` })
  }
  return ms
}

/** GET /_unimock/requests (the API key's journal, filtered and paged) and DELETE /_unimock/requests. */
export const journalRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, store: JournalStore }> = async (app, { auth, store }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']

  r.get('/requests', {
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'The request journal of the API key: every call to the unified service, newest first by default; tokens and personal data as fingerprints',
      querystring: JournalQuery,
      response: { 200: JournalPageView, 400: Problem, 401: Problem }
    }
  }, async (request) => {
    const tenant = requestTenant(request)
    const q = request.query
    const since = instant('since', q.since)
    const until = instant('until', q.until)
    const page = store.list(tenant.id, {
      method: q.method,
      path: q.path,
      status: q.status,
      account: q.account,
      since,
      until,
      limit: q.limit ?? 100,
      after: q.after,
      order: q.order ?? 'newest'
    })
    return {
      entries: page.entries.map(entryView),
      next: page.next,
      size: store.size(tenant.id),
      capacity: store.capacity,
      dropped: store.dropped(tenant.id)
    }
  })

  r.delete('/requests', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: { tags, summary: 'Clear the request journal of the API key', response: { 200: JournalCleared, 401: Problem } }
  }, async (request) => ({ cleared: store.clear(requestTenant(request).id) }))
}
