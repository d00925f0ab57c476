import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { journaled } from '../dialect/journal-recorder.js'
import { Detail } from '../dialect/schemas.js'
import type { AccountService } from './account-service.js'

/**
 * POST {webhook_listener_url}: where the third-party system behind a linked account pushes its own webhooks
 * (facts: surface-facts §13, "data pushed from the integration to Merge at the account's
 * webhook_listener_url"). The URL's last segment identifies the account, so the third party sends no API key.
 * A complete account syncs at once (compose.ts connects 'account:webhook-received' to the sync domain), as
 * the real service fetches the change it was told about; any body and content type is accepted, since each
 * third party has its own format.
 */
export const webhookListenerRoutes: FastifyPluginAsync<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => { done(null, body) })
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  r.post('/api/integrations/webhook-listener/:key', {
    // Under /api, but of no category and no kind the journal names: the third party calls it, not the integrator.
    config: journaled(null),
    schema: {
      tags: ['unified: webhook listener'],
      summary: 'A third-party system\'s webhook for one linked account (its webhook_listener_url): the account syncs now',
      params: Type.Object({ key: Type.String({ minLength: 1 }) }),
      response: { 200: Type.Object({}, { description: 'received' }), 404: Detail, 413: Detail }
    }
  }, async (request) => {
    accounts.receiveWebhook(request.params.key)
    return {}
  })
}
