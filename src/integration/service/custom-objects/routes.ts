import { type TSchema, Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { includeFlag, LIST_PARAMS } from '../../base/dialect/model-schemas.js'
import { AUTH_ERRORS, Detail } from '../../base/dialect/schemas.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { listPage } from '../../base/dialect/list-page.js'
import { FailedWrite, MetaResponse } from '../writes/schemas.js'
import { associationTypeMeta, customObjectMeta } from './custom-object-meta.js'
import type { CustomObjects } from './custom-objects.js'
import type { ListFilters } from './list-filters.js'

export interface CustomObjectRouteOptions {
  readonly customObjects: CustomObjects
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly account: (request: FastifyRequest) => { readonly id: string, readonly status: string }
}

const Item = Type.Record(Type.String(), Type.Unknown())
const Page = Type.Object({ next: Type.Union([Type.String(), Type.Null()]), previous: Type.Union([Type.String(), Type.Null()]), results: Type.Array(Item) })
const Written = (title: string): TSchema => Type.Object({ model: Item, warnings: Type.Array(Type.Unknown()), errors: Type.Array(Type.Unknown()) }, { title })
const flag = Type.Optional(Type.Boolean())
const include = (name: 'include_deleted_data' | 'include_remote_data' | 'include_shell_data' | 'include_remote_fields') => Type.Optional(includeFlag(name))
const ListQuery = {
  ...LIST_PARAMS,
  include_deleted_data: include('include_deleted_data'),
  include_remote_data: include('include_remote_data'),
  include_shell_data: include('include_shell_data')
}
const WriteQuery = Type.Object({ is_debug_mode: flag, run_async: flag })
const ClassParam = { custom_object_class_id: Type.String() }
const NOT_FOUND = { 404: Detail }
const tags = ['unified: crm']
const base = '/api/crm/v1/custom-object-classes/:custom_object_class_id'

const filtersOf = (q: ListFilters): ListFilters => ({ created_after: q.created_after, created_before: q.created_before, modified_after: q.modified_after, modified_before: q.modified_before, remote_id: q.remote_id })

/** CRM custom objects, association types and associations under /api/crm/v1/custom-object-classes/{id}. */
export const customObjectRoutes: FastifyPluginAsync<CustomObjectRouteOptions> = async (app, { customObjects: co, authenticate, account }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const config = journaled('list', { category: 'crm', model: 'crm.CustomObjectClass' })

  r.get(`${base}/custom-objects`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'The custom objects of a class, in pages', params: Type.Object(ClassParam), querystring: Type.Object({ ...ListQuery, include_remote_fields: include('include_remote_fields') }), response: { 200: Page, 400: Detail, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => {
    const q = request.query
    const page = listPage(co.objects(account(request).id, request.params.custom_object_class_id, filtersOf(q), q.include_remote_fields === true), q.cursor, q.page_size)
    request.journal.page(page.next, page.previous)
    return page
  })

  r.post(`${base}/custom-objects`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'Create a custom object of the class', params: Type.Object(ClassParam), querystring: WriteQuery, body: Type.Unknown(), response: { 201: Written('unified.CrmCustomObjectResponse'), 400: Type.Union([FailedWrite, Detail]), ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request, reply) => {
    const answer = co.createObject(account(request).id, request.params.custom_object_class_id, request.body)
    return reply.code(answer.status).send(answer.body as never)
  })

  r.get(`${base}/custom-objects/meta/post`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'The request schema of a custom object of the class', params: Type.Object(ClassParam), response: { 200: MetaResponse, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => {
    const who = account(request)
    return customObjectMeta(co.objectClass(who.id, request.params.custom_object_class_id), who.status) as never
  })

  r.get(`${base}/custom-objects/:id`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'One custom object', params: Type.Object({ ...ClassParam, id: Type.String() }), querystring: Type.Object({ include_remote_data: include('include_remote_data'), include_remote_fields: include('include_remote_fields'), include_shell_data: include('include_shell_data') }), response: { 200: Item, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => co.object(account(request).id, request.params.custom_object_class_id, request.params.id, request.query.include_remote_fields === true))

  r.get(`${base}/association-types`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'The association types of a class, in pages', params: Type.Object(ClassParam), querystring: Type.Object({ ...ListQuery, expand: Type.Optional(Type.Literal('target_object_classes')) }), response: { 200: Page, 400: Detail, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => {
    const q = request.query
    const page = listPage(co.associationTypes(account(request).id, request.params.custom_object_class_id, filtersOf(q)), q.cursor, q.page_size)
    request.journal.page(page.next, page.previous)
    return page
  })

  r.post(`${base}/association-types`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'Create an association type from the class', params: Type.Object(ClassParam), querystring: WriteQuery, body: Type.Unknown(), response: { 201: Written('unified.CrmAssociationTypeResponse'), 400: Type.Union([FailedWrite, Detail]), ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request, reply) => {
    const answer = co.createAssociationType(account(request).id, request.params.custom_object_class_id, request.body)
    return reply.code(answer.status).send(answer.body as never)
  })

  r.get(`${base}/association-types/meta/post`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'The request schema of an association type', params: Type.Object(ClassParam), response: { 200: MetaResponse, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => {
    const who = account(request)
    co.objectClass(who.id, request.params.custom_object_class_id)
    return associationTypeMeta(who.status) as never
  })

  r.get(`${base}/association-types/:id`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'One association type', params: Type.Object({ ...ClassParam, id: Type.String() }), querystring: Type.Object({ expand: Type.Optional(Type.Literal('target_object_classes')), include_remote_data: include('include_remote_data'), include_shell_data: include('include_shell_data') }), response: { 200: Item, 400: Detail, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => co.associationType(account(request).id, request.params.custom_object_class_id, request.params.id))

  r.get(`${base}/custom-objects/:object_id/associations`, {
    onRequest: authenticate, config,
    schema: { tags, summary: 'The associations of one custom object, in pages', params: Type.Object({ ...ClassParam, object_id: Type.String() }), querystring: Type.Object({ ...ListQuery, association_type_id: Type.Optional(Type.String()), expand: Type.Optional(Type.Literal('association_type')) }), response: { 200: Page, 400: Detail, ...AUTH_ERRORS, ...NOT_FOUND } }
  }, async (request) => {
    const q = request.query
    const list = co.associations(account(request).id, request.params.custom_object_class_id, request.params.object_id, { ...filtersOf(q), association_type_id: q.association_type_id }, q.expand === 'association_type')
    const page = listPage(list, q.cursor, q.page_size)
    request.journal.page(page.next, page.previous)
    return page
  })

  r.put('/api/crm/v1/custom-object-classes/:source_class_id/custom-objects/:source_object_id/associations/:target_class_id/:target_object_id/:association_type_id', {
    onRequest: authenticate, config,
    schema: {
      tags,
      summary: 'Associate two custom objects along an association type of the source\'s class',
      params: Type.Object({ source_class_id: Type.String(), source_object_id: Type.String(), target_class_id: Type.String(), target_object_id: Type.String(), association_type_id: Type.String() }),
      querystring: WriteQuery,
      response: { 200: Item, 400: Detail, ...AUTH_ERRORS, ...NOT_FOUND }
    }
  }, async (request) => {
    const p = request.params
    return co.associate(account(request).id, p.source_class_id, p.source_object_id, p.target_class_id, p.target_object_id, p.association_type_id)
  })
}
