import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { BoundedName, Detail } from '../../base/dialect/schemas.js'
import type { RemoteKeys } from './remote-keys.js'

const RemoteKeyBody = Type.Object({ name: BoundedName({ description: 'the key\'s name, e.g. Remote Deployment Key 1' }) })
const RemoteKey = Type.Object({ name: Type.String(), key: Type.String() }, { title: 'unified.RemoteKey' })

/** generate-key and regenerate-key of each category: organization-level, one set of keys per API key. */
export const remoteKeyRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, keys: RemoteKeys }> = async (app, { auth, keys }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    const response = { 200: RemoteKey, 400: Detail, 401: Detail, 404: Detail, 413: Detail, 415: Detail }
    r.post(`/api/${category}/v1/generate-key`, {
      onRequest: auth.tenant,
      config: journaled('remote-key', { category }),
      schema: { tags, summary: 'Generate a remote key with a new name (400 if the name exists)', body: RemoteKeyBody, response }
    }, async (request) => keys.generate(requestTenant(request).id, request.body.name))
    r.post(`/api/${category}/v1/regenerate-key`, {
      onRequest: auth.tenant,
      config: journaled('remote-key', { category }),
      schema: { tags, summary: 'Replace the secret of an existing remote key (404 if no key has the name)', body: RemoteKeyBody, response }
    }, async (request) => keys.regenerate(requestTenant(request).id, request.body.name))
  })
}
