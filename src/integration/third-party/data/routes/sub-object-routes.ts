import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { readPackageJsonFile } from '../../../../core/fixtures.js'
import { journaled } from '../../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail } from '../../../base/dialect/schemas.js'
import type { DataCategory } from '../../../base/catalogue/catalogue.js'
import { DataSchemas } from '../../../base/dialect/model-schemas.js'
import type { DataService } from '../service.js'

export interface SubObjectRouteOptions {
  readonly data: DataService
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly accountId: (request: FastifyRequest) => string
}

interface Operation { readonly sub_object?: string, readonly query?: readonly string[] }

/**
 * The retrieves of sub-objects the real service has (accounting addresses and phone numbers), from the
 * operations fixture: an id is one a record lists in a field of that sub-object (a Contact's `addresses`
 * unexpanded), and the answer is the item as `expand` inlines it.
 */
export const subObjectRoutes: FastifyPluginAsync<SubObjectRouteOptions> = async (app, { data, authenticate, accountId }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const schemas = DataSchemas.of(data.catalogue)
  const operations = readPackageJsonFile<{ operations: Record<string, Operation> }>('fixtures/unified-operations.json').operations
  for (const [key, op] of Object.entries(operations)) {
    const match = /^GET \/api\/(\w+)\/v1\/([a-z-]+)\/\{id\}$/.exec(key)
    if (op.sub_object === undefined || match === null) continue
    const category = match[1] as DataCategory
    const name = op.sub_object
    const parents = data.catalogue.inCategory(category).flatMap((m) => m.fields
      .filter((f) => f.shape.t === 'ref' && f.shape.to === 'sub' && f.shape.target === name)
      .map((f) => `${m.name}.${f.name}`))
    r.get(`/api/${category}/v1/${match[2]!}/:id`, {
      onRequest: authenticate,
      config: journaled('retrieve', { category, model: `${category}.${name}`, facets: ['model'] }),
      schema: {
        tags: [`unified: ${category}`],
        summary: `Retrieve one ${name} by the id a record lists it under (${parents.join(', ')})`,
        params: Type.Object({ id: Type.String({ description: `an id from ${parents.join(' or ')} without expand` }) }),
        querystring: schemas.subObjectQuery(op.query ?? []),
        response: { 200: schemas.subObject(category, name), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      }
    }, async (request, reply) => reply.type('application/json; charset=utf-8').send(data.subObjectJson(accountId(request), category, name, request.params.id)))
  }
}
