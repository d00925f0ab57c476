import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../catalog/categories.js'
import { requestAccount, requestTenant, type UnifiedAuth } from '../accounts/request-auth.js'
import { journaled } from '../http/journal-recorder.js'
import { Detail } from '../http/schemas.js'
import { CommonModelScopes, ScopesBody } from './schemas.js'
import type { ScopeService } from './scope-service.js'

/** default-scopes (organization-level) and linked-account-scopes GET/POST (one account) of each category. */
export const scopeRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, scopes: ScopeService }> = async (app, { auth, scopes }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  for (const category of CATEGORIES) {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/default-scopes`, {
      onRequest: auth.tenant,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'The organization\'s default common model scopes of the category (unimock: everything enabled)',
        response: { 200: CommonModelScopes, 401: Detail }
      }
    }, async () => scopes.defaults(category))

    r.get(`/api/${category}/v1/linked-account-scopes`, {
      onRequest: auth.account,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'The linked account\'s effective common model scopes: its own, else the defaults',
        response: { 200: CommonModelScopes, 401: Detail, 403: Detail }
      }
    }, async (request) => scopes.forAccount(requestAccount(request).account.id, category))

    r.post(`/api/${category}/v1/linked-account-scopes`, {
      onRequest: auth.account,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'Change the linked account\'s scopes: READ off stops its sync (DISABLED), WRITE off refuses writes, disabled fields read null',
        body: ScopesBody,
        response: { 200: CommonModelScopes, 400: Detail, 401: Detail, 403: Detail, 413: Detail, 415: Detail }
      }
    }, async (request) => {
      const account = requestAccount(request).account
      return scopes.update(requestTenant(request).id, account.id, category, request.body.common_models)
    })
  }
}
