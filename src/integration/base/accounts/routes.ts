import { Type } from '@sinclair/typebox'
import { readPackageJsonFile } from '../../../core/fixtures.js'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../catalogue/categories.js'
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
  routeEach(r, CATEGORIES, (category, r) => {
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
  })
  // Only some categories have it, so it is a route of its own for each (routeEach pairs every category's n-th route).
  for (const category of CATEGORIES.filter((c) => patchable.has(c))) {
    const tags = [`unified: ${category}`]
    r.patch(`/api/${category}/v1/linked-accounts/:linked_account_id`, {
      onRequest: auth.tenant,
      // The Python client sends no body at all (with a JSON content type) when ekm_enabled is not given.
      preValidation: async (request) => { request.body ??= {} },
      config: journaled('linked-accounts', { category, facets: [] }),
      schema: {
        tags,
        summary: 'Update a linked account of the API key (any category): ekm_enabled, a flag with no effect on data',
        description: 'No body (or {}) changes nothing and answers the value in force; an X-Account-Token sent alongside is ignored.',
        params: Type.Object({ linked_account_id: Type.String() }),
        body: LinkedAccountPatch,
        response: { 200: LinkedAccountPatchResponse, 400: Detail, 401: Detail, 404: Detail, 413: Detail, 415: Detail }
      }
    }, async (request) => accounts.patchEkm(requestTenant(request), request.params.linked_account_id, request.body.ekm_enabled))
  }
}

/** The categories whose client has the linked-account PATCH (calendar's), as the operations fixture lists them. */
const patchable = new Set(Object.keys(readPackageJsonFile<{ operations: Record<string, unknown> }>('fixtures/unified-operations.json').operations)
  .map((key) => /^PATCH \/api\/(\w+)\/v1\/linked-accounts\/\{linked_account_id\}$/.exec(key)?.[1]).filter((c) => c !== undefined))

const LinkedAccountPatch = Type.Object({ ekm_enabled: Type.Optional(Type.Boolean()) }, { title: 'unified.LinkedAccountPatch' })
const LinkedAccountPatchResponse = Type.Object({ id: Type.String(), ekm_enabled: Type.Boolean() }, { title: 'unified.LinkedAccountPatchResponse' })
