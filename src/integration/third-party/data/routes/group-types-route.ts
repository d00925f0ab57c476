import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { journaled } from '../../../base/dialect/journal-recorder.js'
import { Detail } from '../../../base/dialect/schemas.js'
import type { Catalogue } from '../../../base/catalogue/catalogue.js'

/**
 * GET /api/hris/v1/groups/types (organization-level, issue #15): the group types a Group's `type` takes,
 * from the catalogue. A fixed path of the catalogue: registered beside groups/{id}, it wins over it.
 */
export const groupTypesRoute: FastifyPluginAsync<{ catalogue: Catalogue, authenticate: (request: FastifyRequest) => Promise<void> }> = async (app, { catalogue, authenticate }) => {
  const group = catalogue.byId('hris.Group')
  const type = group?.fields.find((f) => f.name === 'type')?.shape
  const types = type?.t === 'enum' ? [...type.values] : []
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/hris/v1/groups/types', {
    onRequest: authenticate,
    config: journaled('group-types', { category: 'hris', model: 'hris.Group', facets: ['category'] }),
    schema: {
      tags: ['unified: hris'],
      summary: 'The types of groups (GroupTypeEnum) the organization\'s HRIS groups take',
      querystring: Type.Object({
        include_deleted_data: Type.Optional(Type.Boolean()),
        show_enum_origins: Type.Optional(Type.String())
      }),
      response: { 200: Type.Object({ types: Type.Array(Type.String()) }), 400: Detail, 401: Detail }
    }
  }, async () => ({ types }))
}
