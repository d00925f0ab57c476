import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail, Nullable, PageSizeParam, Paginated } from '../../base/dialect/schemas.js'
import type { AuditTrail } from './audit-trail.js'

const AuditLogEvent = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
  role: Type.String({ description: 'API: every entry unimock records is an API call\'s' }),
  ip_address: Type.String({ description: 'empty: unimock does not record client addresses' }),
  event_type: Type.String({ description: 'one of the real service\'s EventTypeEnum values' }),
  event_description: Type.String(),
  created_at: Type.String({ format: 'date-time' })
}, { title: 'unified.AuditLogEvent' })

const AuditQuery = Type.Object({
  cursor: Type.Optional(Type.String()),
  page_size: Type.Optional(PageSizeParam()),
  start_date: Type.Optional(Type.String({ description: 'ISO 8601; entries at or after it' })),
  end_date: Type.Optional(Type.String({ description: 'ISO 8601; entries at or before it' })),
  event_type: Type.Optional(Type.String()),
  user_email: Type.Optional(Type.String())
})

/** GET audit-trail of each category: one organization-wide log, whatever the category in the path. */
export const auditTrailRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, audit: AuditTrail }> = async (app, { auth, audit }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    r.get(`/api/${category}/v1/audit-trail`, {
      onRequest: auth.tenant,
      config: journaled('audit-trail', { category }),
      schema: {
        tags: [`unified: ${category}`],
        summary: 'What the organization did through the API (deleted accounts, scopes, keys, receivers ...), oldest first',
        querystring: AuditQuery,
        response: { 200: Paginated(AuditLogEvent), 400: Detail, 401: Detail }
      }
    }, async (request) => {
      const page = audit.list(requestTenant(request).id, request.query)
      request.journal.page(page.next, page.previous)
      return page
    })
  })
}
