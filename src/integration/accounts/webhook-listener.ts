import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Clock } from '../../core/clock.js'
import { Detail } from '../http/schemas.js'
import type { IntegrationServices } from '../services.js'

/** What a third party's webhook sets off: the account's models sync now (which also ends an idle pause). */
export interface ListenerSync {
  syncNow(accountId: string, modelId: undefined, now: number): unknown
}

/**
 * POST {webhook_listener_url}: where the third-party system behind a linked account pushes its own webhooks
 * (facts: surface-facts §13, "data pushed from the integration to Merge at the account's
 * webhook_listener_url"). The URL's last segment identifies the account, so the third party sends no API key.
 * A complete account syncs at once, as the real service fetches the change it was told about; any body and
 * content type is accepted, since each third party has its own format.
 */
export const webhookListenerRoutes: FastifyPluginAsync<{ services: IntegrationServices, sync: ListenerSync, clock: Clock }> = async (app, { services, sync, clock }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => { done(null, body) })
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  r.post('/api/integrations/webhook-listener/:key', {
    schema: {
      tags: ['unified: webhook listener'],
      summary: 'A third-party system\'s webhook for one linked account (its webhook_listener_url): the account syncs now',
      params: Type.Object({ key: Type.String({ minLength: 1 }) }),
      response: { 200: Type.Object({}, { description: 'received' }), 404: Detail, 413: Detail }
    }
  }, async (request) => {
    const account = services.accounts.byListenerKey(request.params.key)
    if (account.status === 'COMPLETE') sync.syncNow(account.id, undefined, clock.now())
    return {}
  })
}
