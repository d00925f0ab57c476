import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestAccount, requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail } from '../../base/dialect/schemas.js'
import { Problem } from '../../../http/problem.js'
import { CommonModelScopes, ScopesBody } from './schemas.js'
import type { ScopeService } from './scope-service.js'
import { touching } from '../../../http/route-facts.js'

/**
 * default-scopes (organization-level) and linked-account-scopes GET/POST (one account) of each category;
 * and the control API's default scopes, which the real service edits in its dashboard.
 */
export const scopeRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, scopes: ScopeService }> = async (app, { auth, scopes }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/default-scopes`, {
      onRequest: auth.tenant,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'The organization\'s default common model scopes of the category: what new linked accounts get (everything enabled until POST /_unimock/default-scopes/{category} changes it)',
        response: { 200: CommonModelScopes, 401: Detail }
      }
    }, async (request) => scopes.defaults(requestTenant(request).id, category))
    r.get(`/api/${category}/v1/linked-account-scopes`, {
      onRequest: auth.account,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'The linked account\'s effective common model scopes: its own, else the defaults',
        response: { 200: CommonModelScopes, 401: Detail, 403: Detail }
      }
    }, async (request) => scopes.forAccount(requestAccount(request).account))
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.post(`/api/${category}/v1/linked-account-scopes`, {
      onRequest: auth.account,
      config: journaled('scopes', { category }),
      schema: {
        tags,
        summary: 'Change the linked account\'s scopes: READ off stops its sync (DISABLED), WRITE off refuses writes, disabled fields read null',
        body: ScopesBody,
        response: { 200: CommonModelScopes, 400: Detail, 401: Detail, 403: Detail, 413: Detail, 415: Detail }
      }
    }, async (request) => scopes.update(requestAccount(request).account, request.body.common_models))
  })

  const tags = ['control']
  const params = Type.Object({ category: Type.Union(CATEGORIES.map((c) => Type.Literal(c))) })
  r.get('/_unimock/default-scopes/:category', {
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'The default common model scopes of the category for this API key (what GET /api/{category}/v1/default-scopes answers)',
      params,
      response: { 200: CommonModelScopes, 400: Problem, 401: Problem }
    }
  }, async (request) => scopes.defaults(requestTenant(request).id, request.params.category))

  r.post('/_unimock/default-scopes/:category', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Change the default common model scopes of the category for this API key, as the real service\'s dashboard does',
      description: 'The body of POST linked-account-scopes. Linked accounts inherit the defaults wherever they set nothing of their own: READ off stops their syncs of the model at once (DISABLED), WRITE off refuses their writes (DISABLED_MODEL_WRITE), disabled fields read null. Accounts linked later start with them.',
      params,
      body: ScopesBody,
      response: { 200: CommonModelScopes, 400: Problem, 401: Problem, 413: Problem, 415: Problem }
    }
  }, async (request) => scopes.updateDefaults(requestTenant(request).id, request.params.category, request.body.common_models))
}
