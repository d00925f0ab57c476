import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { readPackageJsonFile } from '../../../core/fixtures.js'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestAccount, requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { BoundedName, Detail, Nullable } from '../../base/dialect/schemas.js'
import type { WebhookReceivers } from './webhook-receivers.js'

const WebhookReceiver = Type.Object({
  event: Type.String({ description: 'the third-party event: <model>.<created|updated|deleted>' }),
  is_active: Type.Boolean(),
  key: Nullable(Type.String({ description: 'the secret the third party signs its deliveries with' }))
}, { title: 'unified.WebhookReceiver' })
const WebhookReceiverBody = Type.Object({
  event: BoundedName(),
  is_active: Type.Boolean(),
  key: Type.Optional(BoundedName())
})

/** webhook-receivers GET (a bare array) and POST (201, upsert by event) of each category's linked account. */
export const webhookReceiverRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, receivers: WebhookReceivers }> = async (app, { auth, receivers }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  // Every category has them: the facts' endpoint list omits knowledgebase's (its 2026 spec has none), but the
  // official Python client calls them there too; where the operations fixture has no name, the Python client's.
  const listed = new Set(Object.keys(readPackageJsonFile<{ operations: Record<string, unknown> }>('fixtures/unified-operations.json').operations))
  const named = (method: 'GET' | 'POST', category: string): { operationId?: string } =>
    listed.has(`${method} /api/${category}/v1/webhook-receivers`) ? {} : { operationId: `${category}.webhook_receivers.${method === 'GET' ? 'list' : 'create'}` }
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/webhook-receivers`, {
      onRequest: auth.account,
      config: journaled('webhook-receivers', { category }),
      schema: { tags, ...named('GET', category), summary: 'The linked account\'s third-party webhook receivers, in creation order (a bare array)', response: { 200: Type.Array(WebhookReceiver), 401: Detail, 403: Detail } }
    }, async (request) => receivers.list(requestAccount(request).account.id))
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.post(`/api/${category}/v1/webhook-receivers`, {
      onRequest: auth.account,
      config: journaled('webhook-receivers', { category }),
      schema: {
        tags,
        ...named('POST', category),
        summary: 'Add a third-party webhook receiver, or change the one of the same event; answers 201',
        body: WebhookReceiverBody,
        response: { 201: WebhookReceiver, 400: Detail, 401: Detail, 403: Detail, 413: Detail, 415: Detail }
      }
    }, async (request, reply) => {
      const account = requestAccount(request).account
      return reply.code(201).send(receivers.upsert(requestTenant(request).id, account.id, category, request.body))
    })
  })
}
