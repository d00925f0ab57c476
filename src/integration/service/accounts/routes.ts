import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../catalog/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { journaled } from '../dialect/journal-recorder.js'
import { requestAccount, requestOrigin, requestTenant, type UnifiedAuth } from './request-auth.js'
import { Detail } from '../dialect/schemas.js'
import type { AccountService } from './account-service.js'
import { accountDetails, linkedAccountItem } from './account-views.js'
import { AccountDetails, LinkedAccountPage, LinkedAccountQuery } from './schemas.js'

const RegeneratedToken = Type.Object({ linked_account_id: Type.String({ format: 'uuid' }), account_token: Type.String() }, { title: 'unified.RegenerateAccountToken' })

/** Linked-account routes of each category: account-details, delete-account (POST) and the linked-accounts list. */
export const accountRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, accounts: AccountService }> = async (app, { auth, accounts }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/account-details`, {
      onRequest: auth.account,
      config: journaled('account-details', { category, facets: [] }),
      schema: {
        tags,
        summary: 'The linked account of the X-Account-Token',
        response: { 200: AccountDetails, 401: Detail, 403: Detail }
      }
    }, async (request) => accountDetails(requestAccount(request).account, requestOrigin(request)))
    r.get(`/api/${category}/v1/linked-accounts`, {
      onRequest: auth.tenant,
      config: journaled('linked-accounts', { category, facets: [] }),
      schema: {
        tags,
        summary: 'The API key\'s linked accounts, filtered, in pages (every category\'s path lists all categories)',
        querystring: LinkedAccountQuery,
        response: { 200: LinkedAccountPage, 400: Detail, 401: Detail }
      }
    }, async (request) => {
      const page = accounts.list(requestTenant(request), request.query)
      request.journal.page(page.next, page.previous)
      const origin = requestOrigin(request)
      return { next: page.next, previous: page.previous, results: page.results.map((a) => linkedAccountItem(a, origin)) }
    })
  })
  for (const category of CATEGORIES) {
    const tags = [`unified: ${category}`]
    r.post(`/api/${category}/v1/delete-account`, {
      onRequest: auth.account,
      config: journaled('delete-account', { category, facets: [] }),
      schema: {
        tags,
        summary: 'Delete the linked account of the X-Account-Token (POST, not DELETE); answers 200 with an empty body',
        response: { 200: Type.Null({ description: 'empty body' }), 400: Detail, 401: Detail, 403: Detail, 413: Detail, 415: Detail }
      }
    }, async (request, reply) => {
      accounts.delete(requestAccount(request).account)
      // No payload at all, as the real service answers: the null schema only documents it.
      return reply.code(200).send(undefined as unknown as null)
    })
    r.post(`/api/${category}/v1/account-token/regenerate`, {
      onRequest: auth.account,
      config: journaled('account-token-regenerate', { category, facets: [] }),
      schema: {
        tags,
        summary: 'A new account token for the linked account of the X-Account-Token; the old token stops working at once',
        response: { 200: RegeneratedToken, 400: Detail, 401: Detail, 403: Detail, 413: Detail, 415: Detail }
      }
    }, async (request) => {
      const account = accounts.regenerateToken(requestAccount(request).account)
      return { linked_account_id: account.id, account_token: account.accountToken }
    })
  }
}
