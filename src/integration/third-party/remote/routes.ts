import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail } from '../../base/dialect/schemas.js'
import type { AsyncPassthroughs } from './async-passthrough.js'
import type { Passthrough, PassthroughAccount, PassthroughRequest } from './passthrough.js'
import { AsyncPassthroughAnswer, AsyncReceipt, PassthroughBody, ReceiptParams, RemoteResponseSchema } from './schemas.js'

export interface RemoteRouteOptions {
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  /** The linked account and tenant `authenticate` resolved. */
  readonly account: (request: FastifyRequest) => { readonly tenantId: number, readonly account: PassthroughAccount }
  readonly passthrough: Passthrough
  readonly asyncPassthroughs: AsyncPassthroughs
}

/** Passthrough and async passthrough of every category: calls to the linked account's simulated third party. */
export const remoteRoutes: FastifyPluginAsync<RemoteRouteOptions> = async (app, { authenticate, account, passthrough, asyncPassthroughs }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    const base = `/api/${category}/v1`
    r.get(`${base}/async-passthrough/:async_passthrough_receipt_id`, {
      onRequest: authenticate,
      config: journaled('async-passthrough-poll', { category }),
      schema: {
        tags,
        summary: 'The RemoteResponse of an async passthrough, or "PENDING"; at most one poll per 10 seconds',
        params: ReceiptParams,
        response: { 200: AsyncPassthroughAnswer, ...AUTH_ERRORS, 404: Detail, 429: Detail }
      }
    }, async (request, reply) => {
      const answer = asyncPassthroughs.poll(account(request).account.id, request.params.async_passthrough_receipt_id)
      if (answer !== 'PENDING') return answer
      // A bare JSON string: Fastify sends a string payload as it is, so it goes out already encoded.
      const encoded: unknown = JSON.stringify(answer)
      return reply.type('application/json; charset=utf-8').send(encoded as 'PENDING')
    })
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    const base = `/api/${category}/v1`
    r.post(`${base}/passthrough`, {
      onRequest: authenticate,
      config: journaled('passthrough', { category }),
      schema: {
        tags,
        summary: 'Call the integration\'s own API (the simulated third party); its status is inside the answer',
        body: PassthroughBody,
        response: { 200: RemoteResponseSchema, 400: Detail, ...AUTH_ERRORS, 408: Detail }
      }
    }, async (request) => {
      const who = account(request)
      return await passthrough.send(who.tenantId, who.account, request.body as PassthroughRequest)
    })
    r.post(`${base}/async-passthrough`, {
      onRequest: authenticate,
      config: journaled('async-passthrough', { category }),
      schema: {
        tags,
        summary: 'Queue a passthrough call; poll its receipt for the RemoteResponse',
        body: PassthroughBody,
        response: { 200: AsyncReceipt, 400: Detail, ...AUTH_ERRORS }
      }
    }, async (request) => {
      const who = account(request)
      return { async_passthrough_receipt_id: asyncPassthroughs.submit(who.tenantId, who.account, request.body as PassthroughRequest) }
    })
  })
}
