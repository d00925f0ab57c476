import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, BoundedName, BoundedText, Detail } from '../../base/dialect/schemas.js'
import type { CreateFieldMapping, FieldMappings, MappingAccount, PatchFieldMapping } from './field-mappings.js'

export interface FieldMappingRouteOptions {
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly account: (request: FastifyRequest) => MappingAccount
  readonly mappings: FieldMappings
}

const ByModel = (title: string) => Type.Record(Type.String(), Type.Array(Type.Unknown()), { title, description: 'keyed by common model name' })
const Instance = Type.Object({
  id: Type.String(),
  is_integration_wide: Type.Boolean(),
  target_field: Type.Object({ name: Type.String(), description: Type.String(), is_organization_wide: Type.Boolean() }),
  remote_field: Type.Object({
    remote_key_name: Type.Union([Type.String(), Type.Null()]),
    schema: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    remote_endpoint_info: Type.Object({ method: Type.String(), url_path: Type.String(), field_traversal_path: Type.Array(Type.String()) })
  }),
  jmes_path: Type.Optional(Type.String())
}, { title: 'unified.FieldMappingApiInstance' })
const Envelope = Type.Object({ model: Instance, warnings: Type.Array(Type.Unknown()), errors: Type.Array(Type.Unknown()) }, { title: 'unified.FieldMappingInstanceResponse' })
// The bounds of stored strings (STRING_BOUNDS); jmes_path is bounded, with its reason named, by checkJmes.
const TraversalPath = Type.Array(BoundedText('name'), { maxItems: 50 })
const Method = Type.String({ minLength: 1, maxLength: 10 })
const UrlPath = BoundedText('path', { minLength: 1 })
const CreateBody = Type.Object({
  // Optional since the 2026 spec when organization_wide_target_field names the target; client 4.0.4 always sends them.
  target_field_name: Type.Optional(BoundedText('name')),
  target_field_description: Type.Optional(BoundedText('description')),
  remote_field_traversal_path: TraversalPath,
  remote_method: Method,
  remote_url_path: UrlPath,
  common_model_name: BoundedName(),
  jmes_path: Type.Optional(Type.String()),
  organization_wide_target_field: Type.Optional(BoundedText('name')),
  is_integration_wide: Type.Optional(Type.Boolean())
})
const PatchBody = Type.Object({
  remote_field_traversal_path: Type.Optional(TraversalPath),
  remote_method: Type.Optional(Method),
  remote_url_path: Type.Optional(UrlPath),
  jmes_path: Type.Optional(Type.String())
})
const IdParams = Type.Object({ field_mapping_id: Type.String() })
const ExcludeQuery = Type.Object({
  exclude_remote_field_metadata: Type.Optional(Type.Boolean()),
  remote_data_iteration_count: Type.Optional(Type.Integer())
})

const envelope = (model: Record<string, unknown>): { model: never, warnings: never[], errors: never[] } => ({ model: model as never, warnings: [], errors: [] })

/** Field mappings, remote fields and target fields of every category. */
export const fieldMappingRoutes: FastifyPluginAsync<FieldMappingRouteOptions> = async (app, { authenticate, account, mappings }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    const base = `/api/${category}/v1`
    const tags = [`unified: ${category}`]
    const config = journaled('field-mappings', { category })
    r.get(`${base}/field-mappings`, {
      onRequest: authenticate, config,
      schema: { tags, summary: 'The linked account\'s field mappings, by common model', querystring: ExcludeQuery, response: { 200: ByModel('unified.FieldMappingApiInstanceResponse'), ...AUTH_ERRORS } }
    }, async (request) => mappings.list(account(request), request.query.exclude_remote_field_metadata === true))
    r.get(`${base}/remote-fields`, {
      onRequest: authenticate, config,
      schema: {
        tags,
        summary: 'The third party\'s fields that can be mapped, by common model',
        querystring: Type.Object({ common_models: Type.Optional(Type.String()), include_example_values: Type.Optional(Type.String()) }),
        response: { 200: ByModel('unified.RemoteFieldAPIResponse'), ...AUTH_ERRORS }
      }
    }, async (request) => {
      const only = request.query.common_models === undefined ? undefined : new Set(request.query.common_models.split(',').map((s) => s.trim()))
      return mappings.remoteFields(category, only)
    })
    r.get(`${base}/target-fields`, {
      onRequest: authenticate, config,
      schema: { tags, summary: 'Target fields: organization-wide ones and those the account maps', response: { 200: ByModel('unified.ExternalTargetFieldAPIResponse'), ...AUTH_ERRORS } }
    }, async (request) => mappings.targetFields(account(request)))
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const base = `/api/${category}/v1`
    const tags = [`unified: ${category}`]
    const config = journaled('field-mappings', { category })
    r.post(`${base}/field-mappings`, {
      onRequest: authenticate, config,
      schema: { tags, summary: 'Map a field of the third party\'s records to a target field (applies at the next sync)', querystring: ExcludeQuery, body: CreateBody, response: { 201: Envelope, 400: Detail, ...AUTH_ERRORS } }
    }, async (request, reply) => reply.code(201).send(envelope(mappings.create(account(request), request.body as CreateFieldMapping))))
    r.patch(`${base}/field-mappings/:field_mapping_id`, {
      onRequest: authenticate, config,
      schema: { tags, summary: 'Change a field mapping (applies at the next sync)', params: IdParams, body: PatchBody, response: { 200: Envelope, 400: Detail, ...AUTH_ERRORS, 404: Detail } }
    }, async (request) => envelope(mappings.update(account(request), request.params.field_mapping_id, request.body as PatchFieldMapping)))
    r.delete(`${base}/field-mappings/:field_mapping_id`, {
      onRequest: authenticate, config,
      // The real service declares 204 with the envelope as its body; unimock answers 200 so the body arrives.
      schema: { tags, summary: 'Delete a field mapping', params: IdParams, response: { 200: Envelope, ...AUTH_ERRORS, 404: Detail } }
    }, async (request) => envelope(mappings.delete(account(request), request.params.field_mapping_id)))
    r.post(`${base}/target-fields`, {
      onRequest: authenticate, config,
      schema: {
        tags,
        summary: 'Create an organization-wide target field',
        body: Type.Object({ name: BoundedName(), common_model: BoundedName(), description: Type.Optional(BoundedText('description')) }),
        response: { 200: ByModel('unified.ExternalTargetFieldAPIResponse'), 400: Detail, ...AUTH_ERRORS }
      }
    }, async (request) => mappings.addTargetField(account(request), request.body))
  })
}
