import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail, PageSizeParam, Paginated } from '../../base/dialect/schemas.js'
import type { Issues } from './issues.js'
import { Issue } from './schemas.js'


const date = (description: string) => Type.Optional(Type.String({ description }))
const IssueQuery = Type.Object({
  cursor: Type.Optional(Type.String()),
  page_size: Type.Optional(PageSizeParam()),
  account_token: Type.Optional(Type.String()),
  linked_account_id: Type.Optional(Type.String()),
  integration_name: Type.Optional(Type.String()),
  end_user_organization_name: Type.Optional(Type.String()),
  status: Type.Optional(Type.String({ description: 'ONGOING or RESOLVED' })),
  start_date: date('ISO 8601: last incident at or after it'),
  end_date: date('ISO 8601: last incident at or before it'),
  first_incident_time_after: date('ISO 8601'),
  first_incident_time_before: date('ISO 8601'),
  last_incident_time_after: date('ISO 8601'),
  last_incident_time_before: date('ISO 8601'),
  include_muted: Type.Optional(Type.Boolean({ description: 'accepted; unimock never mutes an issue' }))
})

/** GET issues and issues/{id} of each category: organization-level, the same issues on every category path. */
export const issueRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, issues: Issues }> = async (app, { auth, issues }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/issues`, {
      onRequest: auth.tenant,
      config: journaled('issues', { category }),
      schema: { tags, summary: 'Problems of the organization\'s linked accounts (relink needed, failed syncs), oldest first', querystring: IssueQuery, response: { 200: Paginated(Issue), 400: Detail, 401: Detail } }
    }, async (request) => {
      const page = issues.list(requestTenant(request).id, request.query)
      request.journal.page(page.next, page.previous)
      return page
    })
    r.get(`/api/${category}/v1/issues/:id`, {
      onRequest: auth.tenant,
      config: journaled('issues', { category }),
      schema: { tags, summary: 'One issue', params: Type.Object({ id: Type.String() }), response: { 200: Issue, 401: Detail, 404: Detail } }
    }, async (request) => issues.get(requestTenant(request).id, request.params.id))
  })
}
